#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Print the insmod parameters of pgov_oracle.ko: byte offsets of the private
# scheduler structs' fields, read from the kernel image's own BTF with pahole
# (examples/kmod/guest.sh: guest_vmlinux, guest_btf_offset).
# Usage: tests/oracle/btf_offsets.sh VMLINUZ WORKDIR
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$root/examples/kmod/guest.sh"
GUEST_VMLINUZ=$1
vmlinux=$2/vmlinux
guest_vmlinux "$vmlinux"
# Each offset on its own line, so that a missing member stops the script.
out=""
for sm in rq.cfs rq.avg_rt rq.avg_dl rq.cpu_capacity_orig cfs_rq.load cfs_rq.h_nr_running \
          cfs_rq.curr cfs_rq.avg sched_entity.avg sched_entity.on_rq sched_entity.my_q \
          sched_entity.runnable_weight sched_avg.util_est; do
  o=$(guest_btf_offset "$vmlinux" "${sm%%.*}" "${sm#*.}")
  name=${sm/./_}
  name=${name/sched_entity_/se_}
  name=${name/sched_avg_/sa_}
  out="$out$name=$o "
done
echo "$out"
