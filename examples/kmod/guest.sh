# SPDX-License-Identifier: BSD-2-Clause
# Shared by examples/kmod/qemu-test.sh, tests/oracle/run.sh,
# examples/scx/run.sh and examples/trace/tests/traces/record.sh (source
# it): Debian's kernel for a qemu guest, its BTF, a busybox initramfs
# around it, and the boot that retries a kernel dying before our part.
#
#   guest_default_kdir        prints the headers directory of the kernel that
#                             Debian's linux-headers-amd64 names (bookworm:
#                             6.1), else the newest installed one: other
#                             series installed beside it (6.12 for a
#                             --kernel run) never change the default.
#   guest_kernel KVER CACHE   sets GUEST_VMLINUZ and GUEST_TREE (the unpacked
#                             linux-image .deb: GUEST_TREE/lib/modules/KVER).
#                             The .deb is fetched once with `apt-get download`
#                             unless /boot already has the kernel.
#   guest_series_kver SERIES PIN
#                             prints the kernel release to use for a Debian
#                             kernel series other than the host's (6.12):
#                             PIN-amd64 (e.g. 6.12.118+deb12) when the archive
#                             still has it, else the newest SERIES.*-amd64
#                             build it has (a dropped pin never fails a run).
#   guest_headers KVER CACHE  sets GUEST_KDIR: the linux-headers of KVER
#                             unpacked (not installed) under CACHE/hdr-KVER,
#                             so the host's default headers stay as they are.
#   guest_trixie_kver SERIES PIN, guest_trixie_fetch KVER CACHE
#                             the same for a series only Debian 13's
#                             trixie-backports carries (7.3): looked up and
#                             downloaded inside the trixie chroot
#                             (PGOV_TRIXIE_ROOT, scripts/trixie-chroot.sh)
#                             and unpacked into CACHE, where guest_kernel
#                             and guest_headers then find them. Since 6.19
#                             linux-image-* is a meta package: the files are
#                             in linux-binary-*, linux-modules-*, linux-base-*.
#   guest_modules NAME...     prints the .ko paths of NAME and everything it
#                             depends on (from .modinfo), dependencies first
#                             (a .ko.xz decompressed once into CACHE/ko-KVER;
#                             nothing for a module built into the image).
#   guest_vmlinux OUT         decompresses GUEST_VMLINUZ's ELF payload (with
#                             its .BTF section) to OUT, once.
#   guest_btf_offset VMLINUX STRUCT MEMBER [MODULE.ko]
#                             prints MEMBER's byte offset in STRUCT from the
#                             BTF (pahole, Debian package dwarves); with a
#                             module, from its split BTF over VMLINUX's.
#   guest_initramfs DIR OUT   puts busybox-static into DIR/bin and packs DIR
#                             (with the caller's /init) as OUT (cpio, gzip).
#                             The /init gets a first line that prints
#                             "pgov-guest: userspace" (guest_boot's sign of
#                             a kernel that finished booting).
#   guest_boot OPTIONS -- QEMU-ARGS...
#                             boots qemu-system-x86_64 QEMU-ARGS with its
#                             console in --log FILE, up to three boots:
#                             booted again when the kernel hangs before
#                             userspace (GUEST_BOOT_USERSPACE_SECS, default
#                             90; 7.3 on 4 vCPUs gets there in about 7 s)
#                             or panics before --done LINE and before --own
#                             LINE (past that line a crash is the caller's
#                             to report, but for TCG's text-patching
#                             `Oops: int3`). --timeout SECS per boot,
#                             --tag NAME for its messages, --fresh FILE:SIZE
#                             (repeatable) recreates a sparse disk image
#                             before each boot. Returns 0 when the console
#                             has the --done line, else 1; a crashed or hung
#                             boot's console is kept as FILE-panic-N/-hung-N.
#   guest_add_exe DIR EXE     copies the host's EXE into DIR/usr/bin with the
#                             shared libraries ldd lists (e.g. trace-cmd).
#   guest_section FILE NAME OUT
#                             writes section NAME of a serial capture FILE
#                             (lines "=== NAME", then gzip | base64, up to the
#                             next "=== " line) decoded to OUT.

guest_default_kdir() {
  local dep
  dep=$(dpkg-query -W -f='${Depends}' linux-headers-amd64 2>/dev/null | grep -o 'linux-headers-[^ ,]*-amd64' | head -n1)
  if [ -n "$dep" ] && [ -f "/usr/src/$dep/Makefile" ]; then
    echo "/usr/src/$dep"
  else
    ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -n1 || true
  fi
}

guest_kernel() {
  local kver=$1 cache=$2
  mkdir -p "$cache"
  GUEST_CACHE=$cache
  GUEST_TREE=$cache
  GUEST_VMLINUZ=/boot/vmlinuz-$kver
  if [ -r "$GUEST_VMLINUZ" ] && [ -d "/lib/modules/$kver/kernel" ]; then
    GUEST_TREE=/
    return 0
  fi
  GUEST_VMLINUZ=$cache/boot/vmlinuz-$kver
  if [ ! -r "$GUEST_VMLINUZ" ]; then
    echo "guest: fetching linux-image-$kver"
    (cd "$cache" && apt-get download -q "linux-image-$kver" >/dev/null 2>&1) || {
      echo "guest: cannot download linux-image-$kver" >&2; return 1; }
    dpkg-deb -x "$cache"/linux-image-"$kver"_*.deb "$cache"
  fi
  command -v qemu-system-x86_64 >/dev/null || { echo "guest: qemu-system-x86 missing" >&2; return 1; }
}

guest_series_kver() {
  local series=$1 pin=$2 v
  if apt-cache show "linux-headers-$pin-amd64" >/dev/null 2>&1; then echo "$pin-amd64"; return 0; fi
  v=$(apt-cache search --names-only "^linux-headers-${series//./\\.}\\.[0-9]+\\+deb[0-9]+-amd64\$" |
      awk '{ sub(/^linux-headers-/, "", $1); print $1 }' | sort -V | tail -n1)
  [ -n "$v" ] || { echo "guest: no linux-headers-$series.*-amd64 in the archive (apt-get update?)" >&2; return 1; }
  echo "guest: $pin not in the archive any more, using the newest $series build: $v" >&2
  echo "$v"
}

guest_headers() {
  local kver=$1 cache=$2 base deb
  base=${kver%-amd64}
  GUEST_KDIR=$cache/hdr-$kver/usr/src/linux-headers-$kver
  [ -f "$GUEST_KDIR/Makefile" ] && return 0
  mkdir -p "$cache/hdr-$kver"
  (cd "$cache/hdr-$kver" && apt-get download -q "linux-headers-$kver" "linux-headers-$base-common" \
    "linux-kbuild-$base" >/dev/null 2>&1) || {
    echo "guest: cannot download linux-headers-$kver" >&2; return 1; }
  for deb in "$cache/hdr-$kver"/*.deb; do dpkg-deb -x "$deb" "$cache/hdr-$kver"; done
  rm -f "$cache/hdr-$kver"/*.deb
  # The package's Makefile includes the common tree by absolute path; its
  # scripts/tools links are relative and resolve inside the unpacked tree.
  sed -i "s|/usr/src/|$(cd "$cache/hdr-$kver" && pwd)/usr/src/|" "$GUEST_KDIR/Makefile"
}

guest_trixie() { # CMD...: run CMD in the trixie chroot
  "${GUEST_ROOT:?}/scripts/trixie-chroot.sh" "${PGOV_TRIXIE_ROOT:?}" -- "$@"
}

guest_trixie_kver() {
  local series=$1 pin=$2 v
  "$GUEST_ROOT/scripts/trixie-chroot.sh" "$PGOV_TRIXIE_ROOT" >/dev/null || return 1
  v=$(guest_trixie apt-cache search --names-only "^linux-headers-${series//./\\.}\\.[0-9]+\\+deb[0-9]+-amd64\$" |
      awk '{ sub(/^linux-headers-/, "", $1); print $1 }' | sort -V)
  if echo "$v" | grep -qx "$pin-amd64"; then echo "$pin-amd64"; return 0; fi
  v=$(echo "$v" | tail -n1)
  [ -n "$v" ] || { echo "guest: no linux-headers-$series.*-amd64 in trixie-backports" >&2; return 1; }
  echo "guest: $pin not in the archive any more, using the newest $series build: $v" >&2
  echo "$v"
}

guest_trixie_fetch() {
  local kver=$1 cache=$2 base=${1%-amd64} dl deb
  cache=$(mkdir -p "$cache" && cd "$cache" && pwd)
  if [ ! -r "$cache/boot/vmlinuz-$kver" ]; then
    dl=/tmp/pgov-dl-$$
    mkdir -p "$PGOV_TRIXIE_ROOT$dl"
    guest_trixie sh -c "cd $dl && apt-get download -q linux-binary-$kver linux-modules-$kver linux-base-$kver \
      linux-headers-$kver linux-headers-$base-common linux-kbuild-$base >/dev/null 2>&1" || {
      rm -rf "${PGOV_TRIXIE_ROOT:?}$dl"; echo "guest: cannot download Linux $kver in the trixie chroot" >&2; return 1; }
    for deb in "$PGOV_TRIXIE_ROOT$dl"/linux-{binary,modules,base}-*.deb; do dpkg-deb -x "$deb" "$cache"; done
    mkdir -p "$cache/hdr-$kver"
    for deb in "$PGOV_TRIXIE_ROOT$dl"/linux-{headers,kbuild}-*.deb; do dpkg-deb -x "$deb" "$cache/hdr-$kver"; done
    rm -rf "${PGOV_TRIXIE_ROOT:?}$dl"
    sed -i "s|/usr/src/|$cache/hdr-$kver/usr/src/|" "$cache/hdr-$kver/usr/src/linux-headers-$kver/Makefile"
    # where guest_kernel and guest_modules look (the package's /usr/lib layout)
    mkdir -p "$cache/boot" "$cache/lib/modules"
    ln -sfn "../../usr/lib/modules/$kver" "$cache/lib/modules/$kver"
    ln -sfn "../usr/lib/modules/$kver/vmlinuz" "$cache/boot/vmlinuz-$kver"
  fi
  GUEST_KDIR=$cache/hdr-$kver/usr/src/linux-headers-$kver
}

guest_modules() {
  local kver=${GUEST_VMLINUZ##*/vmlinuz-} seen=" " name dir
  dir=$GUEST_TREE/lib/modules/$kver/kernel
  _guest_mod() {
    local n=$1 ko dep
    case $seen in *" $n "*) return 0 ;; esac
    seen="$seen$n "
    ko=$(find "$dir" -name "$n.ko" -o -name "${n//_/-}.ko" -o -name "$n.ko.xz" -o -name "${n//_/-}.ko.xz" | head -n1)
    if [ -z "$ko" ] && grep -qE "/(${n}|${n//_/-})\.ko\$" "$dir/../modules.builtin" 2>/dev/null; then
      return 0 # built in (6.12: virtio_pci)
    fi
    [ -n "$ko" ] || { echo "guest: module $n not in $dir" >&2; return 1; }
    case $ko in *.xz) # 6.12 ships them xz-compressed: busybox insmod and pahole want ELF
      local plain=$GUEST_CACHE/ko-$kver/${ko##*/}
      plain=${plain%.xz}
      mkdir -p "${plain%/*}"
      [ -s "$plain" ] || xz -dc "$ko" >"$plain"
      ko=$plain ;;
    esac
    for dep in $(objcopy -O binary --only-section=.modinfo "$ko" /dev/stdout | tr '\0' '\n' |
                 sed -n 's/^depends=//p' | tr ',' ' '); do
      _guest_mod "$dep" || return 1
    done
    echo "$ko"
  }
  for name in "$@"; do _guest_mod "$name" || return 1; done
}

guest_initramfs() {
  local dir=$1 out=$2 bb=/bin/busybox # busybox-static: the initramfs has no libc
  [ -x "$bb" ] || { echo "guest: busybox-static missing" >&2; return 1; }
  mkdir -p "$dir/bin"
  cp "$bb" "$dir/bin/busybox"
  # The marker goes right after the #! line: the caller's first command
  # may already be the one that hangs.
  sed -i '1a echo "pgov-guest: userspace"' "$dir/init"
  chmod +x "$dir/init"
  (cd "$dir" && find . | "$bb" cpio -o -H newc 2>/dev/null | gzip -1) >"$out"
}

# qemu's accelerator for the guests with more than one vCPU (oracle, scx):
# TCG with one host thread running the vCPUs in turn. Multi-threaded TCG
# let a vCPU run a stale translation of kernel text another vCPU had just
# patched (static keys), and Debian's 6.12 and 7.3 died on that int3
# (CI's scx boots of 2026-12-07: three of three). The runs last a fixed
# number of guest seconds, so one thread costs little: oracle 7.3's qemu
# ran 257 s and it compared 172 737 group rows, against 256 s and 173 514
# with four threads; scx 58 s of qemu against 53 s (docs/oracle.md).
GUEST_TCG=tcg,thread=single

# Debian's 6.1, 6.12 and 7.3 under TCG with 4 vCPUs sometimes die or hang
# while booting, before anything of ours runs: an int3 in sched_clock_cpu
# during code patching (6.12, 7.3), a return to address 0 from a kretprobed
# function while the oracle module registered its probes (6.1), and a
# silent hang after "Probing EDD" (7.3, CI on 2026-12-07, 440 s until the
# timeout). Such a boot is retried; a crash past --own is not, except an
# `Oops: int3`: a breakpoint of the kernel's own text patching that TCG
# still executes after the patch (sched_clock_cpu at boot; ttwu_do_activate
# when sched_ext's static keys flip as scx_pgov loads, CI on 2026-12-07),
# never an instruction of ours.
guest_boot() {
  local tag=guest log= secs=600 done_line= own_line= fresh=() f boot t0 pid rc up hung
  while [ $# -gt 0 ]; do
    case $1 in
      --tag) tag=$2 ;; --log) log=$2 ;; --timeout) secs=$2 ;; --done) done_line=$2 ;;
      --own) own_line=$2 ;; --fresh) fresh+=("$2") ;;
      --) shift; break ;;
      *) echo "guest_boot: unknown option $1" >&2; return 2 ;;
    esac
    shift 2
  done
  [ -n "$log" ] && [ -n "$done_line" ] || { echo "guest_boot: --log and --done are required" >&2; return 2; }
  rm -f "${log%.log}"-hung-*.log "${log%.log}"-panic-*.log
  for boot in 1 2 3; do
    for f in "${fresh[@]}"; do rm -f "${f%:*}"; truncate -s "${f##*:}" "${f%:*}"; done
    t0=$(date +%s) up= hung=
    timeout "$secs" qemu-system-x86_64 "$@" >"$log" 2>&1 &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
      sleep 1
      [ -z "$up" ] || continue
      if grep -qa 'pgov-guest: userspace' "$log"; then
        up=$(($(date +%s) - t0))
      elif [ $(($(date +%s) - t0)) -ge "${GUEST_BOOT_USERSPACE_SECS:-90}" ]; then
        hung=1
        kill "$pid" 2>/dev/null || true
      fi
    done
    rc=0
    wait "$pid" || rc=$?
    echo "$tag: qemu exited $rc after $(($(date +%s) - t0)) s (userspace after ${up:-no} s); console: $log"
    grep -qaF "$done_line" "$log" && return 0
    local again="booting again"
    [ "$boot" -lt 3 ] || again="three boots failed"
    if [ -n "$hung" ]; then
      cp "$log" "${log%.log}-hung-$boot.log"
      echo "$tag: boot $boot: the kernel did not reach userspace in ${GUEST_BOOT_USERSPACE_SECS:-90} s (kept: ${log%.log}-hung-$boot.log); $again" >&2
      [ "$boot" -lt 3 ] && continue
    elif grep -qa 'Kernel panic' "$log" && { [ -z "$own_line" ] || ! grep -qaF "$own_line" "$log" ||
      grep -qa 'Oops: int3' "$log"; }; then
      cp "$log" "${log%.log}-panic-$boot.log"
      echo "$tag: boot $boot: the guest kernel crashed (kept: ${log%.log}-panic-$boot.log); $again" >&2
      tr -d '\r' <"$log" | grep -aE 'BUG:|RIP:|Oops|Kernel panic|Modules linked in' | head -n 8 >&2 || true
      [ "$boot" -lt 3 ] && continue
    fi
    return 1
  done
}

guest_add_exe() {
  local dir=$1 exe=$2 l
  mkdir -p "$dir/usr/bin"
  cp "$exe" "$dir/usr/bin/"
  for l in $(ldd "$exe" | grep -o '/[^ ]*'); do mkdir -p "$dir$(dirname "$l")"; cp -L "$l" "$dir$l"; done
}

guest_section() {
  tr -d '\r' <"$1" | awk -v s="=== $2" '$0 == s { on = 1; next } /^=== / { on = 0 } on' |
    base64 -d | gunzip >"$3"
}

guest_vmlinux() {
  local out=$1
  [ -s "$out" ] && return 0
  # The bzImage payload is one xz (6.1), zstd (6.12) or gzip stream; take
  # the first that decompresses to an ELF file. zstd through its command
  # (package zstd): it stops at the payload's end (the size word after it
  # makes it exit non-zero, the output is whole).
  python3 - "$GUEST_VMLINUZ" "$out.tmp" <<'PY' || return 1
import gzip, lzma, subprocess, sys
d = open(sys.argv[1], 'rb').read()
def unzstd(b):
    return subprocess.run(['zstd', '-dcq'], input=b, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL).stdout
for magic, dec in ((b'\xfd7zXZ\x00', lambda b: lzma.LZMADecompressor().decompress(b)),
                   (b'\x28\xb5\x2f\xfd', unzstd),
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
sys.exit('guest: no ELF payload in ' + sys.argv[1])
PY
  mv "$out.tmp" "$out"
}

guest_btf_offset() {
  command -v pahole >/dev/null || { echo "guest: pahole missing (apt-get install dwarves)" >&2; return 1; }
  if [ -n "${4:-}" ]; then set -- "$4" "$2" "$3" --btf_base "$1"; else set -- "$1" "$2" "$3"; fi
  # (bookworm's pahole names each BTF kind it does not know, 7.x's tags:
  # noise, the structs are read all the same)
  pahole "${@:4}" -C "$2" "$1" 2>/dev/null | awk -v m="$3" '
    /^\t[^\t]/ && /\/\*/ {
      line = $0; sub(/ *\/\*.*/, "", line); sub(/ __attribute__.*/, "", line)
      sub(/;$/, "", line); sub(/\[.*\]$/, "", line); n = split(line, w, /[ *\t]+/)
      if (!found && w[n] == m) { c = $0; sub(/.*\/\* */, "", c); split(c, v, / +/); print v[1]; found = 1 }
    }
    END { if (!found) exit 1 }' || { echo "guest: $2.$3 not in the BTF" >&2; return 1; }
}
