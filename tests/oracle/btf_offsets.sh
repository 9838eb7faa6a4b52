#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Print the insmod parameters of pgov_oracle.ko: byte offsets of the private
# scheduler structs' fields, read from the kernel image's own BTF with pahole
# (Debian package dwarves). The image is the bzImage of the linux-image .deb;
# its vmlinux (with the .BTF section) is decompressed first.
# Usage: tests/oracle/btf_offsets.sh VMLINUZ WORKDIR
set -euo pipefail
vmlinuz=$1 work=$2
vmlinux=$work/vmlinux
if [ ! -s "$vmlinux" ]; then
  # The bzImage payload is one xz (or gzip/zstd) stream; take the first that
  # decompresses to an ELF file.
  python3 - "$vmlinuz" "$vmlinux.tmp" <<'PY'
import gzip, lzma, sys
d = open(sys.argv[1], 'rb').read()
for magic, dec in ((b'\xfd7zXZ\x00', lambda b: lzma.LZMADecompressor().decompress(b)),
                   (b'\x1f\x8b\x08', lambda b: gzip.decompress(b))):
    i = d.find(magic)
    while i >= 0:
        try:
            out = dec(d[i:])
        except Exception:
            out = b''
        if out[:4] == b'\x7fELF':
            open(sys.argv[2], 'wb').write(out)
            sys.exit(0)
        i = d.find(magic, i + 1)
sys.exit('btf_offsets: no ELF payload in ' + sys.argv[1])
PY
  mv "$vmlinux.tmp" "$vmlinux"
fi
command -v pahole >/dev/null || { echo "btf_offsets.sh: pahole missing (apt-get install dwarves)" >&2; exit 1; }
# offset STRUCT MEMBER: the member's byte offset from pahole's layout comment.
offset() {
  pahole -C "$1" "$vmlinux" | awk -v m="$2" '
    /^\t[^\t]/ && /\/\*/ {
      line = $0; sub(/ *\/\*.*/, "", line); sub(/ __attribute__.*/, "", line)
      sub(/;$/, "", line); sub(/\[.*\]$/, "", line); n = split(line, w, /[ *\t]+/)
      if (!found && w[n] == m) { c = $0; sub(/.*\/\* */, "", c); split(c, v, / +/); print v[1]; found = 1 }
    }
    END { if (!found) exit 1 }' || { echo "btf_offsets.sh: $1.$2 not in BTF" >&2; exit 1; }
}
# Each offset on its own line, so that a missing member stops the script.
out=""
for sm in rq.cfs rq.avg_rt rq.avg_dl rq.cpu_capacity_orig cfs_rq.load cfs_rq.h_nr_running \
          cfs_rq.curr cfs_rq.avg sched_entity.avg sched_entity.on_rq sched_entity.my_q \
          sched_entity.runnable_weight sched_avg.util_est; do
  o=$(offset "${sm%%.*}" "${sm#*.}")
  name=${sm/./_}
  name=${name/sched_entity_/se_}
  name=${name/sched_avg_/sa_}
  out="$out$name=$o "
done
echo "$out"
