#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Print the insmod parameters of pgov_oracle.ko: byte offsets of the private
# scheduler structs' fields, read from the kernel image's own BTF with pahole
# (examples/kmod/guest.sh: guest_vmlinux, guest_btf_offset).
# Usage: tests/oracle/btf_offsets.sh VMLINUZ WORKDIR [CONSERVATIVE.ko | --cflags]
#   With the conservative governor module, the governor structs' offsets too
#   (pgov_oracle.ko governors=1). With --cflags, the module's build switches
#   (-D...) for what this kernel has, instead of the offsets.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$root/examples/kmod/guest.sh"
GUEST_VMLINUZ=$1
# One decompressed image per kernel: the work directory outlives a change of
# the host's headers (and so of the guest kernel).
vmlinux=$2/vmlinux-${GUEST_VMLINUZ##*/vmlinuz-}
guest_vmlinux "$vmlinux"
# --cflags: the module's compile-time switches, from what the BTF has
# (tests/oracle/pgov_oracle_core.c, pgov_oracle_gov.c): one source for every kernel.
if [ "${3:-}" = --cflags ]; then
  has() { guest_btf_offset "$vmlinux" "$1" "$2" >/dev/null 2>&1; }
  f=""
  has util_est enqueued || f="$f -DORACLE_UE_U32"          # 6.9+: one u32, no struct util_est
  has sched_entity sched_delayed && f="$f -DORACLE_DELAYED" # 6.12+: delayed dequeue
  has sugov_cpu bw_min && f="$f -DORACLE_SUGOV_BW_MIN"      # 6.8+: effective_cpu_util(cpu, actual, &min, &max)
  # 7.2+ updates util_est inside the dequeue's PELT update; of the kernels
  # the oracle runs only 7.3 has it, and 7.3's mark is the flat CFS's h_curr.
  has cfs_rq h_curr && f="$f -DORACLE_UE_IN_PELT"
  echo "$f"
  exit 0
fi
# --uclamp: pgov_uclamp.ko's offsets (the caller adds the static variables'
# addresses from /proc/kallsyms); the layout the module assumes is checked.
if [ "${3:-}" = --uclamp ]; then
  o() { guest_btf_offset "$vmlinux" "$@"; }
  [ "$(o uclamp_rq bucket)" = 8 ] && [ "$(pahole -C uclamp_rq "$vmlinux" 2>/dev/null |
    grep -c 'bucket\[5\];.*/\* *8 *40 \*/')" = 1 ] || {
    echo "btf_offsets.sh: struct uclamp_rq is not value + 5 buckets (48 bytes)" >&2; exit 1; }
  r=$(o rq uclamp)
  f=$(o rq uclamp_flags)
  tu=$(o task_group uclamp)
  ta=$(o task_group autogroup)
  tp=$(o task_group parent)
  se=$(o sched_class uclamp_enabled)
  echo "rq_uclamp=$r rq_uclamp_flags=$f tg_uclamp=$tu tg_autogroup=$ta tg_parent=$tp sc_uclamp_enabled=$se"
  exit 0
fi
# One of the members a kernel may have under another name (the first the
# BTF has): PARAM=offset, "PARAM=-1" when the kernel has none of them.
alt() { # PARAM STRUCT MEMBER...
  local p=$1 s=$2 m o
  shift 2
  for m in "$@"; do
    if o=$(guest_btf_offset "$vmlinux" "$s" "$m" 2>/dev/null); then echo "$p=$o"; return; fi
  done
  echo "$p=-1"
}
# Each offset on its own line, so that a missing member stops the script.
out=""
# Members that other kernels rename or drop (6.12: no cpu_capacity_orig, the
# arch capacity instead; PELT runnable from h_nr_runnable).
ren="$(alt rq_cpu_capacity_orig rq cpu_capacity_orig) $(alt cfs_rq_h_nr_running cfs_rq h_nr_running)"
ren="$ren $(alt cfs_rq_h_nr_runnable cfs_rq h_nr_runnable)"
# PELT's running entity: 7.3's flat CFS keeps it in h_curr (curr is then the
# running task, on the root cfs_rq only)
curr=$(alt cfs_rq_curr cfs_rq h_curr curr)
for sm in rq.cfs rq.avg_rt rq.avg_dl rq.cpu_capacity_orig cfs_rq.load cfs_rq.h_nr_running \
          cfs_rq.curr cfs_rq.avg sched_entity.avg sched_entity.on_rq sched_entity.my_q \
          sched_entity.runnable_weight sched_avg.util_est rq.cpu; do
  case $sm in
    cfs_rq.curr) out="$out$curr "; continue ;;
    rq.cpu_capacity_orig | cfs_rq.h_nr_running)
      # In their 6.1 place in the line; -1 (the module's "absent") elsewhere.
      out="$out$(echo "$ren" | tr ' ' '\n' | grep "^${sm/./_}=") "
      continue ;;
  esac
  o=$(guest_btf_offset "$vmlinux" "${sm%%.*}" "${sm#*.}")
  name=${sm/./_}
  name=${name/sched_entity_/se_}
  name=${name/sched_avg_/sa_}
  out="$out$name=$o "
done
# schedutil's deadline-bandwidth input: rq->dl.running_bw.
rq_dl=$(guest_btf_offset "$vmlinux" rq dl)
dl_bw=$(guest_btf_offset "$vmlinux" dl_rq running_bw)
out="${out}rq_dl_running_bw=$((rq_dl + dl_bw)) "
# schedutil's "capped" test reads the rq's clamps (kernels with uclamp)
r=$(alt rq_uclamp rq uclamp)
[ "$r" = rq_uclamp=-1 ] || out="$out$r "
r=$(echo "$ren" | tr ' ' '\n' | grep '^cfs_rq_h_nr_runnable=')
[ "$r" = cfs_rq_h_nr_runnable=-1 ] || out="$out$r "
# The task-group update (pgov_oracle_group.c). cfs_rq.removed is an
# anonymous struct the module mirrors: {lock, nr, load_avg, util_avg,
# runnable_avg} at +0, +4, +8, +16, +24 (checked here).
rm=$(pahole -C cfs_rq "$vmlinux" 2>/dev/null | awk '
  /^\t}.* removed; *\/\*/ { c = $0; sub(/.*\/\* */, "", c); split(c, v, / +/); off = v[1] }
  /^\t\t[^\t].*;[ \t]*\/\*/ { c = $0; sub(/.*\/\* */, "", c); split(c, v, / +/); l = $0; sub(/;.*/, "", l); n = split(l, w, /[ *\t]+/); m[w[n]] = v[1] }
  END { if (off == "") exit 1; print off, m["nr"] - off, m["load_avg"] - off, m["util_avg"] - off, m["runnable_avg"] - off }')
[ "${rm#* }" = "4 8 16 24" ] || { echo "btf_offsets.sh: cfs_rq.removed layout ($rm)" >&2; exit 1; }
out="${out}cfs_rq_removed=${rm%% *} "
for sm in cfs_rq.propagate cfs_rq.prop_runnable_sum cfs_rq.tg_load_avg_contrib cfs_rq.rq; do
  o=$(guest_btf_offset "$vmlinux" "${sm%%.*}" "${sm#*.}")
  out="$out${sm/./_}=$o "
done
o=$(guest_btf_offset "$vmlinux" rq clock)
out="${out}rq_clock=$o $(alt cfs_rq_last_update_tg cfs_rq last_update_tg_load_avg)"
out="$out $(alt cfs_rq_tg_runnable_contrib cfs_rq tg_runnable_avg_contrib) "
if [ -n "${3:-}" ]; then
  # Lookups are plain assignments: inside [ ] or $(( )) a failed one would
  # not stop the script (set -e does not reach there).
  o() { guest_btf_offset "$vmlinux" "$@"; }
  # The module reads some members relative to others; the BTF must agree.
  rel() { # STRUCT A B DELTA: B is A + DELTA
    local a b
    a=$(o "$1" "$2")
    b=$(o "$1" "$3")
    [ $((b - a)) -eq "$4" ] || {
      echo "btf_offsets.sh: $1.$3 is not $1.$2 + $4" >&2; exit 1; }
  }
  [ "$(o cpu_dbs_info prev_cpu_idle)" = 0 ] && [ "$(o cpu_dbs_info prev_update_time)" = 8 ] &&
    [ "$(o cpu_dbs_info prev_cpu_nice)" = 16 ] || { echo "btf_offsets.sh: cpu_dbs_info layout" >&2; exit 1; }
  rel cpu_dbs_info update_util policy_dbs 8
  rel dbs_data ignore_nice_load sampling_rate 4
  rel dbs_data ignore_nice_load sampling_down_factor 8
  rel dbs_data ignore_nice_load up_threshold 12
  rel dbs_data ignore_nice_load io_is_busy 16
  rel sugov_policy next_freq cached_raw_freq 4
  rel sugov_policy limits_changed need_freq_update 1
  [ "$(o policy_dbs_info policy)" = 0 ] || { echo "btf_offsets.sh: policy_dbs_info.policy not first" >&2; exit 1; }
  [ "$(o sugov_policy policy)" = 0 ] || { echo "btf_offsets.sh: sugov_policy.policy not first" >&2; exit 1; }
  [ "$(o sugov_cpu update_util)" = 0 ] || { echo "btf_offsets.sh: sugov_cpu.update_util not first" >&2; exit 1; }
  cs_req=$(o cs_policy_dbs_info requested_freq "$3")
  cs_skip=$(o cs_policy_dbs_info down_skip "$3")
  [ $((cs_req - cs_skip)) -eq 4 ] || {
    echo "btf_offsets.sh: cs_policy_dbs_info layout" >&2; exit 1; }
  [ "$(o cs_dbs_tuners freq_step "$3")" = 4 ] || { echo "btf_offsets.sh: cs_dbs_tuners layout" >&2; exit 1; }
  out="${out}cs_down_skip=$cs_skip "
  for sm in cdbs_update_util:cpu_dbs_info.update_util cdbs_prev_load:cpu_dbs_info.prev_load \
            pdbs_dbs_data:policy_dbs_info.dbs_data pdbs_rate_mult:policy_dbs_info.rate_mult \
            pdbs_idle_periods:policy_dbs_info.idle_periods dbs_data_tuners:dbs_data.tuners \
            dbs_data_ignore_nice_load:dbs_data.ignore_nice_load \
            sg_cpu_iowait_boost_pending:sugov_cpu.iowait_boost_pending \
            sg_cpu_iowait_boost:sugov_cpu.iowait_boost sg_cpu_last_update:sugov_cpu.last_update \
            sg_cpu_util:sugov_cpu.util \
            sg_cpu_saved_idle_calls:sugov_cpu.saved_idle_calls sg_cpu_sg_policy:sugov_cpu.sg_policy \
            sg_pol_last_freq_update_time:sugov_policy.last_freq_update_time \
            sg_pol_freq_update_delay_ns:sugov_policy.freq_update_delay_ns \
            sg_pol_next_freq:sugov_policy.next_freq sg_pol_limits_changed:sugov_policy.limits_changed; do
    sm2=${sm#*:}
    v=$(o "${sm2%%.*}" "${sm2#*.}")
    out="$out${sm%%:*}=$v "
  done
  # 6.8+ has no sugov_cpu.max (the arch capacity) and keeps the floor
  # effective_cpu_util gave (bw_min) where 6.1 kept the deadline bandwidth.
  if m=$(o sugov_cpu max 2>/dev/null); then out="${out}sg_cpu_max=$m "; fi
  if m=$(o sugov_cpu bw_dl 2>/dev/null); then out="${out}sg_cpu_bw_dl=$m "; else
    out="${out}sg_cpu_bw_dl=$(o sugov_cpu bw_min) "; fi
  out="${out}governors=1"
fi
echo "$out"
