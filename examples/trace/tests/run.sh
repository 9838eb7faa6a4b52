#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# pgov-trace checks: every parser path on examples/trace/tests/traces, bad input, and the
# rebuilt-vs-kernel figures on the committed real trace.
# Usage: run.sh PGOV_TRACE TRACES_DIR OUT_DIR CASE
set -uo pipefail
bin=$1 dir=$2 out=$3 case=$4
mkdir -p "$out"
fail() { echo "trace test $case: $*" >&2; exit 1; }
run() { "$bin" "$@" >"$out/$case.out" 2>"$out/$case.err"; }
# (with --format tsv the summary lines are on stderr: stdout is the table alone)
want() { grep -qE -- "$1" "$out/$case.out" || { [ -e "$out/$case.err" ] && grep -qE -- "$1" "$out/$case.err"; } ||
  { cat "$out/$case.out" >&2; fail "no line matching: $1"; }; }
summary_file() { if grep -q '^signal	pid	' "$out/$case.out"; then echo "$out/$case.err"; else echo "$out/$case.out"; fi; }
# stdout of --format tsv: the header and rows of 8 columns, nothing else
tsv_only() { awk -F'\t' 'NF != 8 { bad = 1 } END { exit bad }' "$out/$case.out" || fail "stdout is not TSV alone"; }
last_line_ok() {
  tail -n1 "$(summary_file)" | grep -qE '^signals: [0-9]+ samples compared, mean \|err\| [0-9]+\.[0-9]+, max \|err\| [0-9]+ \(util units of 1024\)$' ||
    fail "last line is not the signals summary: $(tail -n1 "$(summary_file)")"
}
# class_bounds mean|max 'CLASS:BOUND'...: each class's mean or max |err| in
# the last `signals` output ("class:" lines) is at most its bound
class_bounds() {
  local what=$1 kb k b m
  shift
  for kb in "$@"; do
    k=${kb%:*} b=${kb##*:}
    if [ "$what" = mean ]; then
      m=$(sed -nE "s/^class: $k +[0-9]+ samples compared, mean \|err\| ([0-9.]+), max.*/\1/p" "$out/$case.out")
    else
      m=$(sed -nE "s/^class: $k +[0-9]+ samples compared, mean .*, max \|err\| ([0-9]+)$/\1/p" "$out/$case.out")
    fi
    awk -v m="$m" -v b="$b" 'BEGIN { exit !(m != "" && m <= b) }' || fail "$f: $k $what |err| $m above $b"
  done
}
# mean |err| of one signal kind from the tsv table (samples-weighted)
kind_mean() { awk -F'\t' -v k="$1" '$1 == k { n += $6; s += $6 * $7 } END { printf "%.3f", n ? s / n : -1 }' "$out/$case.out"; }
# max |err| of one signal kind from the tsv table
kind_max() { awk -F'\t' -v k="$1" '$1 == k && $8 + 0 > m { m = $8 + 0 } END { print m + 0 }' "$out/$case.out"; }
case $case in
ftrace)
  run info "$dir/qemu-6.1.txt" || fail "exit $?"
  want '\(ftrace\), 2 CPUs, [0-9]+ events, us timestamps'
  want 'hotplug transitions: 2'
  want 'sched_pelt_se +[1-9]'
  want 'sched_util_est_cfs +[1-9]' ;;
report)
  run info "$dir/qemu-6.1.report.txt" || fail "exit $?"
  want '\(trace-cmd report\), 2 CPUs, [0-9]+ events, ns timestamps'
  # the same recording as the ftrace text: the same scheduling events
  for ev in sched_switch sched_wakeup sched_migrate_task sched_pelt_se sched_pelt_cfs; do
    a=$(grep -E "^  $ev " "$out/$case.out" | awk '{print $2}')
    b=$("$bin" info "$dir/qemu-6.1.txt" | grep -E "^  $ev " | awk '{print $2}')
    [ -n "$a" ] && [ "$a" = "$b" ] || fail "$ev: report $a, ftrace $b"
  done ;;
dat)
  # (captured first: under pipefail the tool's exit 2 would hide grep's match)
  info=$("$bin" info "$dir/qemu-6.1.dat" 2>&1 || true)
  case "$info" in *'built without libtracecmd'*) echo "dat: no libtracecmd in this build"; exit 0 ;; esac
  run signals "$dir/qemu-6.1.dat" --kver 6.1 || fail "exit $?"
  want '\(trace.dat\), 2 CPUs, [0-9]+ events, ns timestamps'
  last_line_ok
  # trace.dat and its `trace-cmd report -t` text are one recording at ns: the
  # same samples (within 1 %: the irq flags move a few); the trace.dat also has each record's irq flags (the tick's
  # samples in hardirq context), which the report text does not print
  "$bin" signals "$dir/qemu-6.1.report.txt" --kver 6.1 | tail -n1 >"$out/$case.report"
  n_dat=$(tail -n1 "$out/$case.out" | awk '{print $2}') n_rep=$(awk '{print $2}' "$out/$case.report")
  awk -v a="$n_dat" -v b="$n_rep" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a > 0 && d * 100 <= b) }' ||
    fail "trace.dat and report compare different samples: $n_dat / $n_rep"
  # (the irq flags made the trace.dat closer, 1.710 against 2.044, while a
  # sleep took its switch's time or an older held sample's: since it takes
  # its dequeue's clock both are close, 1.189 and 1.178)
  m_rep=$(sed -E 's/.*mean \|err\| ([0-9.]+),.*/\1/' "$out/$case.report")
  awk -v b="$m_rep" 'BEGIN { exit !(b <= 1.18) }' || fail "report text mean |err| $m_rep above 1.18"
  # the vCPU stalls of this TCG recording: switches from idle put at the idle exit
  want '^clock: [1-9][0-9]* switches from idle applied at the CPU.s idle exit, [1-9][0-9]* of them more than 1 ms'
  want '^clock: [1-9][0-9]* preemptions by a task just woken applied at the CPU.s last clock reading'
  want '^inputs: [1-9][0-9]* samples follow an exact one with every transition between at the kernel.s update_time: [1-9][0-9]* exact'
  # regression bounds at the ns figures measured on this recording
  # (docs/trace.md); a fork's samples not held for its late wakeup_new
  # (usleep 124 at 5.334323 s, the event 2.9 ms after the attach) gave
  # 1.757 / 96; a sleep at its switch's time, not its dequeue's, 1.710; a
  # preemption after a tick at the wake-up's clock reading, 1.254
  read -r m x < <(tail -n1 "$out/$case.out" | sed -E 's/.*mean \|err\| ([0-9.]+), max \|err\| ([0-9]+).*/\1 \2/')
  awk -v m="$m" -v x="$x" 'BEGIN { exit !(m <= 1.19 && x <= 35) }' || fail "ns mean |err| $m / max $x above 1.19 / 35" ;;
icount)
  # the recording with deterministic guest time (record.sh, PGOV_RECORD_ICOUNT=1, shift 0):
  # no vCPU stalls, so what is left is the tool's and the trace's own
  # (docs/trace.md "The icount recording"); bounds at the measured figures
  info=$("$bin" info "$dir/qemu-6.1-icount.dat" 2>&1 || true)
  files=("$dir/qemu-6.1-icount.txt")
  case "$info" in *'built without libtracecmd'*) echo "icount: no libtracecmd in this build: text only" ;;
    *) files+=("$dir/qemu-6.1-icount.dat") ;; esac
  for f in "${files[@]}"; do
    run signals "$f" --kver 6.1 --format tsv || fail "$f: exit $?"
    last_line_ok
    tsv_only
    want 'hotplug transitions: 2'
    want "^clock: [1-9][0-9]* switches from idle applied at the CPU.s idle exit, 0 of them more than 1 ms"
    read -r m x < <(tail -n1 "$(summary_file)" | sed -E 's/.*mean \|err\| ([0-9.]+), max \|err\| ([0-9]+).*/\1 \2/')
    # (0.551 / 9 with a sleep at its switch's time or an older held sample's)
    awk -v m="$m" -v x="$x" 'BEGIN { exit !(m <= 0.43 && x <= 8) }' || fail "$f: mean |err| $m / max $x above 0.43 / 8"
    for k in rt dl; do [ "$(kind_max $k)" = 0 ] || fail "$f: $k max |err| $(kind_max $k), expected 0"; done
    # a task moved to an idle CPU and picked there keeps the attach's clock
    # reading (task 0.460 without; 686 samples when the pick took the
    # event's time, off the PELT period grid: wake-up syncs not compared;
    # the text 697 since a sleep takes its dequeue's clock, a sync at 2.698261 s)
    want '^class: task +69[67] samples compared'
    t=$(kind_mean task)
    # (0.454 with a sleep at its switch's time or an older held sample's)
    awk -v t="$t" 'BEGIN { exit !(t <= 0.22) }' || fail "$f: task mean |err| $t above 0.22"
    # each fixed defect left its kind far above these (docs/trace.md)
    for kx in cfs:9 task:8 util_est:8 util_est_cfs:7; do
      k=${kx%:*} b=${kx#*:}
      [ "$(kind_max "$k")" -le "$b" ] || fail "$f: $k max |err| $(kind_max "$k") above $b"
    done
  done ;;
groups)
  # the grouped recording (record.sh, PGOV_RECORD_GROUPS=1): /g1, /g1/g2,
  # /g1/g3 and /autogroup-1; rebuilt through the hierarchy with --kver 6.1,
  # errors per class (docs/trace.md "Task groups")
  info=$("$bin" info "$dir/qemu-6.1-groups.dat" 2>&1 || true)
  files=("$dir/qemu-6.1-groups.txt")
  case "$info" in *'built without libtracecmd'*) ;; *) files+=("$dir/qemu-6.1-groups.dat") ;; esac
  for f in "${files[@]}"; do
    run signals "$f" --kver 6.1 || fail "$f: exit $?"
    last_line_ok
    for k in task 'group entity' 'group cfs_rq' 'root cfs_rq'; do
      want "^class: $k +[1-9][0-9]* samples compared, mean \\|err\\| [0-9.]+, max \\|err\\| [0-9]+$"
    done
    want '^groups: rebuilt through 4 task groups: [1-9][0-9]* group entities and cfs_rqs seeded from their first sample'
    # the root through the groups' propagation: 110.3 when tasks were put on
    # the root (the rebuild reverted); bounds at the measured figures
    # (docs/trace.md "Task groups")
    # (a dead task removed at the switch although its sample dates the
    # removal after the next tick, 4.358104 s: root 10.44)
    # A sleep's switch looked for up to 1 s after its dequeue, not 20 ms
    # (TCG stalled CPU 1 for 180 ms inside __schedule at 4.441 s): root
    # 9.33 / 1000 -> 1.41 / 37, group entity 4.63 -> 1.87, task 5.24 -> 1.08
    # The seventh round (docs/trace.md, fixes 21-23), each reverted alone
    # fails these: an exiting task's move to the root found at its own
    # pick's sample (date 146 at 5.2202 s), group max 489; a switch put at
    # its event's time, not its held pick's update_time (a vCPU stopped
    # inside __schedule, 5.2013 s), root max 19, task max 54; no move at
    # exit for a task on the root (usleep 102 at 4.6189 s), root max 19
    class_bounds mean 'root cfs_rq:0.79' 'group entity:0.61' 'group cfs_rq:0.55' 'task:0.44'
    class_bounds max 'root cfs_rq:10' 'task:13' 'group entity:11' 'group cfs_rq:11'
    # the hierarchy, learnt from the paths: parents, and moves seen in task samples
    want '^groups: /g1/g2 \(parent /g1\) on 2 CPUs: 256 entity, 252 cfs_rq, 180 task samples$'
    want '^groups: /autogroup-1 \(parent /\) on 2 CPUs: 234 entity, 254 cfs_rq, 178 task samples$'
    want '^groups: move at 4.334051 s: task 101 / -> /g1/g3 '
    want '^groups: 4 task groups, 14 moves between them seen in task samples$'
  done
  # without a kernel version (the group rules are 6.1's on) the groups'
  # samples are counted, not rebuilt, and the root carries their error
  run signals "$dir/qemu-6.1-groups.txt" || fail "no --kver: exit $?"
  want '^class: group entity +840 samples, not rebuilt \(4 task groups: rebuilt for a named kernel, 6.1 or later, from --kver X.Y or the recording.s uname\)$'
  want '^class: group cfs_rq +877 samples, not rebuilt$' ;;
groups_icount)
  # the weighted grouped workload under icount (record.sh,
  # PGOV_RECORD_ICOUNT=1 PGOV_RECORD_GROUPS=2): /g1/g2 (cpu.weight 300),
  # /g1/g3 (50), /g5 (200), /autogroup-1, a hog moved between them
  info=$("$bin" info "$dir/qemu-6.1-icount-groups.dat" 2>&1 || true)
  files=("$dir/qemu-6.1-icount-groups.txt")
  case "$info" in *'built without libtracecmd'*) ;; *) files+=("$dir/qemu-6.1-icount-groups.dat") ;; esac
  for f in "${files[@]}"; do
    run signals "$f" --kver 6.1 || fail "$f: exit $?"
    last_line_ok
    want '^groups: rebuilt through 5 task groups: 18 group entities and cfs_rqs seeded from their first sample'
    want '^groups: /g5 \(parent /\) on 2 CPUs: 145 entity, 191 cfs_rq, 82 task samples$'
    want '^groups: 5 task groups, 7 moves between them seen in task samples$'
    # bounds at the measured figures (docs/trace.md "Task groups"); each of
    # this round's fixes reverted alone fails them (group entity / root: a
    # fork placed by its first sample 13.3 / 22.7, a dead task removed
    # before the next pick 21.5 / 48.0, a move found at its task's next
    # sample 13.5 / 18.7, no exit move into the own cgroup 5.9 / 14.4;
    # figures before a timer's wake-up in a group was told from a tick);
    # the third round's, in order (group entity / root mean, docs/trace.md):
    # blocked-pass group samples at their own time 3.56 / 6.44 -> 2.48 /
    # 2.05, an exit's move at its detach 1.00 / 2.01, no walk back in time
    # 0.31 / 0.63
    # 0.31 / 0.63; the fifth round's sleep at its dequeue's clock: task
    # 0.401 -> 0.358, group entity 0.305 -> 0.258, root max 5 -> 4; a
    # preemption after a tick at the tick's clock reading: task 0.358 (12)
    # -> 0.093 (1), root 0.634 -> 0.610
    # (root 0.610 before an exiting task on the root went through its
    # move at exit, fix 23)
    class_bounds mean 'task:0.094' 'root cfs_rq:0.45' 'group entity:0.21' 'group cfs_rq:0.18'
    # (6.1 has no delayed dequeue: its group loads stay rebuilt)
    ! grep -q 'loads taken from their samples' "$out/$case.out" || fail "$f: 6.1 group loads taken from samples"
    # the issue's target for the root (mean 1, max 10) and the groups' maxima
    class_bounds max 'root cfs_rq:4' 'group entity:2' 'group cfs_rq:2' 'task:1'
  done
  # the 7.3 recording (PGOV_RECORD_KVER=7.3): its update_time runs 168 ms
  # ahead of the trace clock (brought back: task 259 -> 3.8 when not)
  f=$dir/qemu-7.3-icount-groups.txt
  run signals "$f" --kver 7.3 || fail "7.3: exit $?"
  last_line_ok
  want '^clock: the kernel.s update_time ran up to 0.168382 s ahead of the trace clock'
  want '^groups: /g1/g3 \(parent /g1\) on 2 CPUs: 93 entity, 139 cfs_rq, 86 task samples$'
  want '^groups: rebuilt through 5 task groups: 20 group entities'
  # bounds at the fourth round's figures (docs/trace.md "Task groups"), each
  # of its fixes reverted alone fails them (task / group entity / root
  # mean): the clock skip of a load-balance move to an idle CPU 3.33 /
  # 3.95 / 9.21, a never-updated group runqueue on the CPU's phase 2.85 /
  # 2.50 / 9.29, a remote move to the root found at its detach 2.87 /
  # 3.73 / 7.44 (the groups' max 1022), a fork's samples held for its late
  # wakeup_new 2.87 / 2.41 / 7.94 (the root's max 227)
  # (group cfs_rq 1.939 before a move's attach took its sample's clock
  # reading: one sample 1 unit further at 3.236561 s)
  # The fifth round's (docs/trace.md, fixes 17..): a sleep at its switch's
  # time, not its dequeue's clock, 2.87 / 2.41 / 7.45 (root max 111); a
  # dead task removed at its switch, not at its later sample, root 2.33 (74);
  # group runqueue loads rebuilt without delayed dequeue (a fork's post_init
  # ratio), 2.03 (25) / 1.655 (26) / 2.21 (29); a preemption after a tick
  # at the wake-up's clock reading, 1.11 / 1.83 / 1.06 (9); the issue's root
  # target, mean 1 / max 10, is reached
  want '^groups: [1-9][0-9]* group cfs_rq loads taken from their samples \(6.12\+ delayed dequeue'
  # (fix 23, the root task's move at exit: task 0.901 -> 0.855, root
  # 0.833 / 8 -> 0.770 / 5)
  class_bounds mean 'task:0.86' 'root cfs_rq:0.78' 'group entity:1.45' 'group cfs_rq:1.2'
  class_bounds max 'group entity:11' 'group cfs_rq:11' 'root cfs_rq:5' 'task:11' ;;
groups_lost)
  # the icount grouped recordings with 300 of one CPU's events cut out at
  # three places, a `CPU:N [LOST 300 EVENTS]` marker in each one's place
  # (cut_lost.py; docs/trace.md "Task groups", lost events). Bounds at the
  # measured figures, group entity / group cfs_rq / root mean; the group
  # objects not seeded again and their counts not rebuilt (main e7f9bba):
  # 6.1 CPU 0: 51.17 / 45.22 / 35.86 -> 14.05 / 10.96 / 32.04
  # 7.3 CPU 0: 68.11 / 55.50 / 47.71 -> 32.44 / 25.96 / 45.97
  # (uncut: 0.21 / 0.18 / 0.61 and 1.45 / 1.19 / 0.83: what is left is the
  # other CPU's state the lost events changed, see docs/trace.md)
  # The other CPU's state (fixes 24-26): a task first seen after a marker
  # on a CPU no marker hit attached, not adopted: 6.1 9.43 / 7.34 / 24.93;
  # its averages from its first sample and every task's place re-learnt
  # at a stretch's end: 6.1 7.89 / 6.13 / 12.62, 7.3 16.23 / 14.87 /
  # 26.93 (without the re-learning 7.3's root 29.81); queued at its first
  # sample, not its switch: 6.1 3.07 / 2.38 / 12.62
  cut=$(dirname "$0")/cut_lost.py
  for kf in '6.1:qemu-6.1-icount-groups:600 1300 2000:3.1:2.4:12.7' \
            '7.3:qemu-7.3-icount-groups:700 1500 2300:16.3:14.9:27.0'; do
    IFS=: read -r kv name at bse bcfs broot <<<"$kf"
    f=$out/$name-lost.txt
    # shellcheck disable=SC2086 # (the positions are words)
    python3 "$cut" "$dir/$name.txt" "$f" 0 300 $at || fail "$name: cut_lost.py failed"
    run signals "$f" --kver "$kv" || fail "$f: exit $?"
    last_line_ok
    want '^lost events: 3 markers, 900 events; '
    want '^lost events: 3 markers; the CPUs they hit were seeded again from their next kernel values, their task groups too \([1-9][0-9]* group entities and cfs_rqs seeded again; the queued and running counts rebuilt at 3 of their next sched_switch\)$'
    class_bounds mean "group entity:$bse" "group cfs_rq:$bcfs" "root cfs_rq:$broot"
    want '^lost events: [0-9]+ tasks queued again where their first sample after a marker showed them, [1-9][0-9]* first seen after one attached on a CPU no marker hit'
  done
  # a marker alone at the very end, on a CPU: nothing changes
  f=$out/lost-end.txt
  python3 "$cut" "$dir/qemu-6.1-icount-groups.txt" "$f" 1 0 end || fail "end: cut_lost.py failed"
  run signals "$f" --kver 6.1 || fail "$f: exit $?"
  want '^lost events: 1 markers, 1 events; '
  class_bounds mean 'root cfs_rq:0.62' 'group entity:0.21'
  # at the very start (CPU 0's first 5 events cut: before its first event,
  # a late start, fix 27) and at the end (no switch after it: no counts to
  # rebuild). Group entity / group cfs_rq / root mean (root max): taken as
  # a loss, the start left CPU 0's running task unknown: 6.1 33.61 / 28.08
  # / 278.22 (1395), 7.3 18.57 / 15.09 / 132.02 (866); as a late start
  # (fix 27) 19.74 / 15.75 / 26.20 (447), 3.73 / 3.20 / 1.04 (69); its
  # first running task started when its buffer begins, not at another
  # CPU's wake-up placing it there (fix 28): 0.212 / 0.178 / 0.523 (22),
  # 1.449 / 1.194 / 0.770 (5) (uncut 0.209 / 0.175 / 0.441 (4), 1.449 /
  # 1.194 / 0.770 (5))
  for kv in 6.1 7.3; do
    name=qemu-$kv-icount-groups
    f=$out/$name-lost-start.txt
    python3 "$cut" "$dir/$name.txt" "$f" 0 5 0 end || fail "start: cut_lost.py failed"
    run signals "$f" --kver "$kv" || fail "$f: exit $?"
    last_line_ok
    want '^lost events: 1 markers; .*\(0 group entities and cfs_rqs seeded again; the queued and running counts rebuilt at 0 of their next sched_switch\)$'
    want "^lost events: 1 markers before their CPU's first event taken as a late start \\(the CPU seeded from its first kernel values, compared after its first sched_switch\\)$"
    if [ "$kv" = 6.1 ]; then
      class_bounds mean 'task:0.095' 'group entity:0.22' 'group cfs_rq:0.18' 'root cfs_rq:0.53'
      class_bounds max 'root cfs_rq:22' 'group entity:2' 'group cfs_rq:2'
    else
      class_bounds mean 'task:0.86' 'group entity:1.45' 'group cfs_rq:1.2' 'root cfs_rq:0.78'
      class_bounds max 'root cfs_rq:5' 'group entity:11' 'group cfs_rq:11'
    fi
  done
  # a recording without groups: the line as before
  f=$out/lost-flat.txt
  python3 "$cut" "$dir/qemu-6.1-icount.txt" "$f" 1 200 500 || fail "flat: cut_lost.py failed"
  run signals "$f" --kver 6.1 || fail "$f: exit $?"
  last_line_ok
  want '^lost events: 1 markers; the CPUs they hit were seeded again from their next kernel values$' ;;
signals)
  run signals "$dir/qemu-6.1.txt" --kver 6.1 --format tsv || fail "exit $?"
  last_line_ok
  tsv_only
  want 'seeding: [1-9][0-9]* entities from their first kernel value'
  # regression bounds at the figures measured on this recording (docs/trace.md)
  t=$(kind_mean task); d=$(kind_mean dl)
  awk -v t="$t" 'BEGIN { exit !(t >= 0 && t <= 3) }' || fail "task mean |err| $t above 3"
  awk -v d="$d" 'BEGIN { exit !(d == 0) }' || fail "dl mean |err| $d, expected 0"
  # the fork whose wakeup_new came 2.9 ms after its attach (usleep 124):
  # CPU 0's root 96 off when the attach was compared before it
  [ "$(kind_max cfs)" -le 36 ] || fail "cfs max |err| $(kind_max cfs) above 36" ;;
synthetic)
  # (these two have no kernel sample left to compare: exit 3, summary printed)
  run signals "$dir/synthetic/lost_wrapped.txt"; r=$?; [ $r = 3 ] || fail "lost_wrapped: exit $r, want 3"
  want 'lost events: 1 markers, 42 events; buffer wrapped: yes'
  want 'hotplug transitions: 2'
  want 'seeded again'
  last_line_ok
  run signals "$dir/synthetic/report_plugins.txt"; r=$?; [ $r = 3 ] || fail "report_plugins: exit $r, want 3"
  want '\(trace-cmd report\), 2 CPUs, 7 events, ns timestamps'
  want 'lost events: 1 markers, 3 events'
  want 'sched_switch +3'
  want 'pstate_sample +1'
  # kernel samples but nothing any scheduling event lets the tool rebuild:
  # "nothing to compare", exit 3, the summary still printed
  run signals "$dir/synthetic/signals_only.txt"; r=$?
  [ $r = 3 ] || fail "signals_only: exit $r, want 3"
  want '^not compared: 20 kernel samples|^not compared: [0-9]+ kernel samples'
  want '^signals: 0 samples compared'
  want 'nothing to compare' ;;
dat_readers)
  # bin is test_dat_readers: the pages reader and libtracecmd's, event by
  # event, on the committed trace.dat (v7, zstd) and, converted by trace-cmd,
  # the same recording as v6 and as uncompressed v7, and v6 with a page
  # flagged for lost events
  files=("$dir/qemu-6.1.dat")
  if command -v trace-cmd >/dev/null; then
    trace-cmd convert -i "$dir/qemu-6.1.dat" -o "$out/v6.dat" --file-version 6 --compression none >/dev/null 2>&1 &&
      trace-cmd convert -i "$dir/qemu-6.1.dat" -o "$out/v7none.dat" --file-version 7 --compression none >/dev/null 2>&1 ||
      fail "trace-cmd convert failed"
    "$bin" --mark-lost "$out/v6.dat" "$out/v6lost.dat" || fail "cannot mark a page"
    files+=("$out/v6.dat" "$out/v7none.dat" "$out/v6lost.dat")
  else
    echo "dat_readers: no trace-cmd: the v6 and uncompressed conversions are not checked"
  fi
  "$bin" "${files[@]}" >"$out/$case.out" 2>&1 || { cat "$out/$case.out" >&2; fail "the readers differ"; }
  cat "$out/$case.out"
  [ "$(grep -c identical "$out/$case.out")" = "${#files[@]}" ] || fail "not every file compared"
  if [ ${#files[@]} -gt 1 ]; then
    want 'v6lost.dat: [0-9]+ events, 1 lost-events markers, identical'
    # cut inside the last CPU's pages: reported by the pages reader (libtracecmd
    # 1.3 crashes on such a v6 file), exit 2
    head -c $(($(stat -c %s "$out/v6.dat") - 8192)) "$out/v6.dat" >"$out/v6cut.dat"
    "$(dirname "$bin")/pgov-trace" info "$out/v6cut.dat" >"$out/v6cut.out" 2>&1
    rc=$?
    [ $rc = 2 ] && grep -q "v6cut.dat: damaged trace.dat: a CPU's data runs past the end of the file" "$out/v6cut.out" ||
      fail "cut v6 file: exit $rc, $(cat "$out/v6cut.out")"
  fi ;;
hostile)
  # issue 30: damaged and hostile inputs, every --dat-reader, exit 2 with
  # "file: reason" and no crash (ctest runs this in the sanitize build too)
  info=$("$bin" info "$dir/qemu-6.1.dat" 2>&1 || true)
  dats=()
  case "$info" in *'built without libtracecmd'*) echo "hostile: no libtracecmd in this build: text only" ;;
    *) if command -v trace-cmd >/dev/null; then
         trace-cmd convert -i "$dir/qemu-6.1.dat" -o "$out/h6.dat" --file-version 6 --compression none >/dev/null 2>&1 &&
           trace-cmd convert -i "$dir/qemu-6.1.dat" -o "$out/h7.dat" --file-version 7 --compression none >/dev/null 2>&1 ||
           fail "trace-cmd convert failed"
         dats=("$out/h6.dat" "$out/h7.dat")
       fi
       mkdir -p "$out/hostile"
       python3 "$(dirname "$0")/hostile.py" "$bin" "$out/hostile" "$dir/qemu-6.1.dat" "${dats[@]}" || fail "a damaged trace.dat" ;;
  esac
  # the issue's first reproducer, by hand: a header cut at 35 bytes
  head -c 35 "$dir/qemu-6.1.dat" >"$out/cut35.dat"
  if [[ $info != *'built without'* ]]; then
    "$bin" info "$out/cut35.dat" >/dev/null 2>"$out/$case.err"
    rc=$?
    [ $rc = 2 ] && [ "$(cat "$out/$case.err")" = "$out/cut35.dat: damaged trace.dat: a file header cut short" ] ||
      fail "35-byte cut: exit $rc, $(cat "$out/$case.err")"
  fi
  # a directory, and a FIFO: refused by what they are, not read
  "$bin" info "$dir" >/dev/null 2>"$out/$case.err"; rc=$?
  [ $rc = 2 ] && grep -qx "$dir: not a regular file (a directory, FIFO or device?)" "$out/$case.err" ||
    fail "directory: exit $rc, $(cat "$out/$case.err")"
  # #P: out of range or malformed: file:line: reason
  for p in 0 257 99999999999999999999 2x; do
    { echo "# tracer: nop"; echo "# entries-in-buffer/entries-written: 1/1   #P:$p"; head -n 40 "$dir/qemu-6.1.txt" | grep -v '^#'; } >"$out/p.txt"
    "$bin" info "$out/p.txt" >/dev/null 2>"$out/$case.err"; rc=$?
    [ $rc = 2 ] && grep -qx "$out/p.txt:2: bad '#P:N' CPU count (1..256)" "$out/$case.err" ||
      fail "#P:$p: exit $rc, $(cat "$out/$case.err")"
  done
  # a line longer than the 1 MiB read block: refused at its line
  { head -n 20 "$dir/qemu-6.1.txt"; head -c 1100000 /dev/zero | tr '\0' x; echo; } >"$out/long.txt"
  "$bin" info "$out/long.txt" >/dev/null 2>"$out/$case.err"; rc=$?
  n=$(($(head -n 20 "$dir/qemu-6.1.txt" | wc -l) + 1))
  [ $rc = 2 ] && grep -qx "$out/long.txt:$n: a line longer than 1048576 bytes" "$out/$case.err" ||
    fail "long line: exit $rc, $(cat "$out/$case.err")"
  # (reading a block at a time across block edges: the icount case's 1.3 MB text)
  true ;;
bad)
  for f in "$dir"/bad/*; do
    rm -f "$out/bad.out"
    "$bin" signals "$f" -o "$out/bad.out" 2>"$out/bad.err"
    rc=$?
    [ $rc -eq 2 ] || fail "$f: exit $rc, expected 2"
    grep -qE "^$f(:[0-9]+)?: ." "$out/bad.err" || fail "$f: message not 'file:line: reason': $(cat "$out/bad.err")"
    [ ! -e "$out/bad.out" ] || fail "$f: output file written on error"
    ls "$out"/bad.out.tmp* >/dev/null 2>&1 && fail "$f: temporary file left behind"
  done
  "$bin" signals "$dir/qemu-6.1.txt" --cpu-capacity 0=2000 >/dev/null 2>&1 && fail "capacity 2000 accepted"
  "$bin" signals "$dir/qemu-6.1.txt" --kver 4.99 >/dev/null 2>&1 && fail "kver 4.99 accepted"
  "$bin" signals "$dir/qemu-6.1.txt" --halflife 12 >/dev/null 2>&1 && fail "halflife 12 accepted"
  true ;;
govern)
  # intel_pstate: every recorded pstate_sample's `to` recomputed from its own
  # deltas; the traces come from the golden vectors (pstate_from_vectors.py),
  # whose targets are the reference harness's, not libpgov's
  for v in 4.17 6.19; do
    k=$v; [ $v = 6.19 ] && k=6.1
    run govern "$dir/synthetic/pstate_v$v.txt" --policy "p intel_pstate algo=load kver=$k" || fail "exit $?"
    n=$(grep -c pstate_sample "$dir/synthetic/pstate_v$v.txt")
    want "^pstate_sample: policy 'p': $n of $n recorded samples recomputed exactly \\(to\\), busy exact $n,"
  done
  # the other profile must not match: the comparison can fail
  run govern "$dir/synthetic/pstate_v4.17.txt" --policy "p intel_pstate algo=load kver=6.1" || fail "exit $?"
  want "^pstate_sample: first difference: .*pstate_v4.17.txt:[0-9]+: cpu [01]: recomputed"
  # every governor family open-loop on the real recording (its report text:
  # builds without libtracecmd run this too), with window and plot
  rm -f "$out/govern.svg"
  run govern "$dir/qemu-6.1.report.txt" --policy "sched schedutil" --policy "pst intel_pstate algo=load" \
      --policy "od ondemand" --policy "cons conservative" --policy "perf performance" \
      --policy "save powersave" --from 200ms --to 600ms --svg "$out/govern.svg" --format tsv || fail "exit $?"
  # the same busy share in every column (the trace fixes it); performance at
  # turbo (3900 MHz on ivb-i7-3770), powersave at 1600, the others in between
  awk -F'\t' '$1 == "all" && $3 == "busy_pct" { v[$2] = $4 }
    $1 == "all" && $3 == "busy_mhz" { m[$2] = $4 }
    END { b = v["perf"]; if (b <= 0 || b > 100) exit 1
          for (c in v) if (v[c] != b) exit 1
          if (m["perf"] != 3900 || m["save"] != 1600) exit 1
          for (c in m) if (c != "recorded" && (m[c] < 1600 || m[c] > 3900)) exit 1
          if (m["sched"] == 3900 || m["od"] == 3900) exit 1 }' "$out/$case.out" ||
    { cat "$out/$case.out" >&2; fail "govern table out of range"; }
  grep -q '<polyline' "$out/govern.svg" && grep -q '</svg>' "$out/govern.svg" || fail "no SVG plot"
  # energy: performance costs more than powersave
  awk -F'\t' '$1 == "all" && $3 == "energy_j" { e[$2] = $4 } END { exit !(e["perf"] > e["save"] && e["save"] > 0) }' \
      "$out/$case.out" || fail "energy ordering"
  # bad options: exit 1, nothing written
  "$bin" govern "$dir/qemu-6.1.report.txt" --policy "x nosuchgov" >/dev/null 2>&1 && fail "unknown governor accepted"
  if msg=$("$bin" govern "$dir/qemu-6.1.report.txt" --policy "x schedutil" --pstate-domain socket 2>&1 >/dev/null); then
    fail "unknown --pstate-domain accepted"
  fi
  [[ $msg == *"'socket' is not core or package"* ]] || fail "unknown --pstate-domain not named: $msg"
  # the header names the P-state rule: the platform's, or --pstate-domain's
  "$bin" govern "$dir/qemu-6.1.report.txt" --policy "x performance" | grep -q "platform ivb-i7-3770, domain package," ||
    fail "header: no 'domain package' for ivb-i7-3770"
  "$bin" govern "$dir/qemu-6.1.report.txt" --policy "x performance" --pstate-domain core | grep -q ", domain core," ||
    fail "header: --pstate-domain core not shown"
  "$bin" govern "$dir/qemu-6.1.report.txt" --policy "x schedutil bogus=1" >/dev/null 2>&1 && fail "unknown option accepted"
  "$bin" govern "$dir/qemu-6.1.report.txt" >/dev/null 2>&1 && fail "govern without --policy accepted"
  "$bin" govern "$dir/qemu-6.1.report.txt" --policy "x schedutil" --from 2s >/dev/null 2>&1 && fail "empty window accepted"
  rm -f "$out/bad.svg"
  "$bin" govern "$dir/bad/garbage.txt" --policy "x schedutil" --svg "$out/bad.svg" >/dev/null 2>&1
  [ $? -eq 2 ] && [ ! -e "$out/bad.svg" ] || fail "bad trace: exit not 2 or SVG written"
  true ;;
workload)
  run workload "$dir/qemu-6.1.report.txt" || fail "exit $?"
  head -4 "$out/$case.out" | tr '\n' '|' | grep -qE '^pgov-workload 1\|source .*qemu-6.1.report.txt\|cpus 2\|span [0-9]+\|$' ||
    fail "header: $(head -4 "$out/$case.out" | tr '\n' '|')"
  # trace.dat gives the same workload (one recording at ns), where it is read
  if "$bin" workload "$dir/qemu-6.1.dat" >"$out/$case.dat" 2>/dev/null; then
    tail -n +3 "$out/$case.out" | cmp -s - <(tail -n +3 "$out/$case.dat") || fail "trace.dat and report differ"
  fi
  # every `wake X` of task P has one `wait NS P` in X's script, and back
  awk '/^task / { p = $2 } /^wake / { w[p " " $2]++ } /^wait / { v[$3 " " p]++ }
       END { for (k in w) if (w[k] != v[k]) { print "wake/wait " k ": " w[k] " vs " v[k]; bad = 1 }
             for (k in v) if (w[k] != v[k]) { print "wait/wake " k; bad = 1 }
             exit bad }' "$out/$case.out" || fail "unmatched wake/wait"
  # statements only from the format, every task closed
  awk '/^task / { if (open) exit 1; open = 1; next } /^end$/ { open = 0; next }
       open && !/^(run [0-9]+ [0-9]+|sleep [0-9]+|wait [0-9]+ [0-9]+|wake [0-9]+|fork [0-9]+|exit)$/ { exit 1 }
       END { exit open }' "$out/$case.out" || fail "a line outside the format"
  # the bursts add up to the CPU time the trace shows (each interval between
  # two sched_switch of a CPU belongs to the outgoing task), from the text itself
  busy=$(awk '/sched_switch:/ { for (i = 1; i <= NF; i++) if ($i ~ /^\[[0-9]+\]$/) { c = $i; break }
           ts = $(i + 1); sub(/:$/, "", ts); split(ts, a, "."); t = a[1] * 1000000000 + a[2]
           prev = $(i + 3); if (c in last && prev !~ /^swapper/) b += t - last[c]; last[c] = t }
           END { printf "%d", b }' "$dir/qemu-6.1.report.txt")
  runs=$(awk '/^run / { s += $2 } END { printf "%d", s }' "$out/$case.out")
  awk -v b="$busy" -v r="$runs" 'BEGIN { exit !(b > 0 && r <= b * 1.001 && r >= b * 0.99) }' ||
    fail "bursts $runs ns vs busy time $busy ns"
  grep -qE '^task 1 start [0-9]+ cpu [01] policy cfs comm "init"$' "$out/$case.out" || fail "no init task"
  grep -qE '^fork [0-9]+$' "$out/$case.out" && grep -qE '^exit$' "$out/$case.out" || fail "no fork/exit"
  true ;;
bisect)
  # the recording at every profile boundary 4.14 .. 7.3 under three
  # governors; TSV alone on stdout, the summary on stderr
  tr="$dir/qemu-6.1.dat"
  "$bin" info "$tr" >/dev/null 2>&1 || tr="$dir/qemu-6.1.report.txt" # no trace.dat reader in this build
  pols=(--policy "sched schedutil" --policy "od ondemand" --policy "pst intel_pstate")
  run bisect "$tr" --releases 4.14..7.3 "${pols[@]}" --format tsv || fail "exit $?"
  awk -F'\t' 'NF != 21 { bad = 1 } END { exit bad || NR < 3 }' "$out/$case.out" ||
    { cat "$out/$case.out" >&2; fail "stdout is not the 21-column TSV alone, with rows"; }
  want '^bisect: .*4\.14 \.\. 7\.3: [0-9]+ boundaries, [0-9]+ rows with a change'
  want '^bisect: largest change: 6\.11 -> 6\.12 for .od., 927 of 1351 decisions'
  # known rows: schedutil's 6.8 rework (both commits named), ondemand's 6.12
  # (the count is not pinned: i386's x87 doubles in govern's counter model
  # move a few schedutil decisions, 91 there against 96 on x86-64; every
  # row's count is checked against two govern runs on the same build below)
  want '^6\.7	6\.8	sched	1351	[0-9]+	.*approximate	approximate	.*9c0b4bb7f630.*50181c0cff31'
  want '^6\.11	6\.12	od	1351	927	.*	approximate	exact	\[ondemand\]'
  # every row against two plain govern runs at its neighbouring releases:
  # the decisions that differ between their --decisions files, and the mean
  tail -n +2 "$out/$case.out" | while IFS=$'\t' read -r from to pol n changed _ m_from m_to rest; do
    [ -n "$(echo "$rest" | cut -f13)" ] || fail "$from -> $to $pol: no cause"
    spec=$(printf '%s\n' "${pols[@]}" | grep "^$pol ")
    for k in "$from" "$to"; do
      "$bin" govern "$tr" --kver "$k" --policy "$spec kver=$k" --decisions "$out/bisect.$k.tsv" >/dev/null 2>&1 ||
        fail "govern at $k: exit $?"
    done
    got=$(paste "$out/bisect.$from.tsv" "$out/bisect.$to.tsv" |
      awk -F'\t' 'NR > 1 { n++; c += $5 != $10; s1 += $5; s2 += $10 }
        END { printf "%d %d %.1f %.1f", n, c, s1 / n / 1000, s2 / n / 1000 }')
    [ "$got" = "$n $changed $m_from $m_to" ] ||
      fail "$from -> $to $pol: bisect says '$n $changed $m_from $m_to', govern runs '$got'"
  done || exit 1
  # the table form: the same rows, with their causes under them
  run bisect "$tr" --releases 4.14..7.3 "${pols[@]}" || fail "exit $?"
  want '^ +6\.11 -> 6\.12 +od +927 +68\.62%'
  want '^bisect: no change at 5\.1 for .pst.: \[pstate load\] '
  # bad options: exit 1; a bad trace: exit 2, nothing on stdout
  for r in 7.3..4.14 4.14 4.14..9.9 x..7.3; do
    "$bin" bisect "$tr" --releases "$r" "${pols[@]}" >/dev/null 2>&1
    [ $? -eq 1 ] || fail "--releases $r accepted"
  done
  "$bin" govern "$tr" --releases 4.14..7.3 "${pols[@]}" >/dev/null 2>&1 && fail "govern took --releases"
  "$bin" bisect "$tr" --kver 6.1 "${pols[@]}" >/dev/null 2>&1 && fail "bisect took --kver"
  [ -z "$("$bin" bisect "$dir/bad/garbage.txt" "${pols[@]}" 2>/dev/null)" ] || fail "bad trace: output"
  "$bin" bisect "$dir/bad/garbage.txt" "${pols[@]}" >/dev/null 2>&1
  [ $? -eq 2 ] || fail "bad trace: exit not 2"
  true ;;
timeline)
  # each task's intervals, on the committed recording (us text: the same
  # rules as its trace.dat at ns)
  f="$dir/qemu-6.1.txt"
  run timeline "$f" --format tsv || fail "exit $?"
  head -1 "$out/$case.out" | grep -qx 'pid	comm	cpu	state	begin_ns	end_ns' || fail "header: $(head -1 "$out/$case.out")"
  want '^timeline: 81 tasks, [0-9]+ intervals over 1011\.579 ms: running '
  # rows of 6 fields, known states, each task's back to back (contiguous,
  # not overlapping, none reversed), its last at the trace's last event
  end=$(awk -F'\t' 'NR > 1 && $6 > m { m = $6 } END { print m }' "$out/$case.out")
  awk -F'\t' -v end="$end" 'NR == 1 { next }
    NF != 6 || $4 !~ /^(running|runnable|sleeping|dead)$/ || $5 + 0 > $6 + 0 { print "row " NR ": " $0; bad = 1 }
    $1 == p && $5 != e { print "pid " $1 ": gap or overlap at row " NR; bad = 1 }
    $1 != p { if (p != "" && e != end) { print "pid " p " ends at " e; bad = 1 }
              if ($1 in seen) { print "pid " $1 " not grouped"; bad = 1 } seen[$1] = 1 }
    { p = $1; e = $6 } END { if (e != end) bad = 1; exit bad }' "$out/$case.out" || fail "intervals not back to back"
  # running intervals and time per task against the trace text, counted
  # independently: each switch-in opens one, its switch-out closes it; a
  # CPU taken offline (cpuhp_enter with step above target, until one below)
  # closes its running task's at the CPU's last line before it came back
  awk -F'\t' 'NR > 1 && $4 == "running" { n[$1]++; s[$1] += $6 - $5 } END { for (p in n) print p, n[p], s[p] }' \
    "$out/$case.out" | sort >"$out/$case.tl"
  awk 'function cut(c) { for (p in on) if (oc[p] == c) { s[p] += last[c] - on[p]; delete on[p] } }
       /: sched_|: cpu_|: cpuhp_/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) break
         split($i, a, /[.:]/); t = a[1] * 1000000000 + a[2] * 1000
         match($0, /\[[0-9]+\]/); c = substr($0, RSTART + 1, RLENGTH - 2) + 0 }
       /cpuhp_enter:/ { match($0, /cpu: [0-9]+/); hc = substr($0, RSTART + 5, RLENGTH - 5) + 0
         match($0, /target: *[0-9]+/); tg = substr($0, RSTART + 7, RLENGTH - 7) + 0
         match($0, /step: *[0-9]+/); st = substr($0, RSTART + 5, RLENGTH - 5) + 0
         if (st > tg) down[hc] = 1; else if (hc in down) { cut(hc); delete down[hc] } }
       /sched_switch:/ {
         match($0, /prev_pid=[0-9]+/); pp = substr($0, RSTART + 9, RLENGTH - 9)
         match($0, /next_pid=[0-9]+/); np = substr($0, RSTART + 9, RLENGTH - 9)
         if (pp in on) { s[pp] += t - on[pp]; delete on[pp] }
         if (np > 0) { if (np in on) { print "missed switch-out of " np > "/dev/stderr"; exit 1 }
                       on[np] = t; oc[np] = c; n[np]++ } }
       /: sched_|: cpu_|: cpuhp_/ { last[c] = t; end = t }
       END { for (c in down) cut(c); for (p in on) s[p] += end - on[p]; for (p in n) print p, n[p], s[p] }' \
    "$f" | sort >"$out/$case.sw"
  [ "$(wc -l <"$out/$case.sw")" -gt 50 ] && cmp -s "$out/$case.tl" "$out/$case.sw" ||
    fail "running intervals/time differ from the switch-ins: $(diff "$out/$case.tl" "$out/$case.sw" | head -4)"
  # ... and the CPU time pgov-trace workload counts: equal for every task
  "$bin" workload "$f" >"$out/$case.wl" || fail "workload exit $?"
  awk '/^task / { p = $2; r[p] += 0; x = 0 } /^exit$/ { x = 1 } x && /^(run|wake|fork|sleep|wait)/ { print "pid " p ": a step after its exit" > "/dev/stderr"; bad = 1 }
       /^run / { r[p] += $2 } END { for (p in r) print p, r[p]; exit bad }' "$out/$case.wl" | sort >"$out/$case.wlr" ||
    fail "workload: a step after exit"
  join "$out/$case.wlr" <(awk '{ print $1, $3 }' "$out/$case.tl") |
    awk '{ n++ } $2 != $3 { print "pid " $1 ": workload " $2 " ns, timeline " $3 " ns"; bad = 1 } END { exit bad || n < 50 }' ||
    fail "running time differs from workload's"
  # the trace.dat of the recording (ns) has the same rows as its report text, where it is read
  if "$bin" timeline "$dir/qemu-6.1.dat" --format tsv >"$out/$case.dat" 2>/dev/null; then
    "$bin" timeline "$dir/qemu-6.1.report.txt" --format tsv 2>/dev/null | cmp -s - "$out/$case.dat" ||
      fail "trace.dat and report differ"
  fi
  # --pid: that task's rows alone, the same as in the whole table; table format
  "$bin" timeline "$f" --pid 94 --format tsv >"$out/$case.94" 2>/dev/null || fail "--pid exit $?"
  cmp -s <(tail -n +2 "$out/$case.94") <(awk -F'\t' '$1 == 94' "$out/$case.out") || fail "--pid 94 differs"
  run timeline "$f" --pid 94 || fail "table exit $?"
  want '^ +pid comm +cpu state +begin_ns +end_ns +length_us$'
  want '^ +94 init +[01] running +[0-9]+ +[0-9]+ +[0-9]+\.[0-9]{3}$'
  want '^timeline: 1 tasks, [0-9]+ intervals'
  "$bin" timeline "$f" --pid 0 >/dev/null 2>&1; [ $? = 1 ] || fail "--pid 0 accepted"
  "$bin" timeline "$dir/bad/bad_number.txt" >/dev/null 2>&1; [ $? = 2 ] || fail "bad trace not exit 2"
  true ;;
invariance)
  # --cpu-capacity / --cpu-max-freq against an independent reference kernel
  # (examples/trace/tests/traces/invariance_reference.py, from the spec's prose): CPU 0 at
  # capacity 512, CPU 1 at half of its 2 GHz with frequency changes, a
  # saturated stretch (lost idle time) and wake-up preemptions. From zero
  # (--warmup), so no seed approximates a sum: every sample exact.
  gen="$dir/invariance_reference.py"
  python3 "$gen" mixed "$out/inv.txt" >"$out/inv.gen" || fail "reference failed"
  grep -qE 'lost idle time counted 0/[1-9]' "$out/inv.gen" || fail "no lost idle time in the reference: $(cat "$out/inv.gen")"
  inv=(--cpu-capacity 0=512 --cpu-max-freq 1=2000000)
  run signals "$out/inv.txt" --warmup "${inv[@]}" || fail "exit $?"
  last_line_ok
  read -r n m x < <(tail -n1 "$out/$case.out" | sed -E 's/^signals: ([0-9]+) .*mean \|err\| ([0-9.]+), max \|err\| ([0-9]+).*/\1 \2 \3/')
  [ "$n" -ge 1000 ] && [ "$x" = 0 ] || { cat "$out/$case.out" >&2; fail "$n samples, max |err| $x against the reference (want >= 1000, 0)"; }
  want '^clock: [1-9][0-9]* preemptions by a task just woken'
  # each option matters: without it that CPU's samples are off
  for o in "--cpu-capacity 0=512" "--cpu-max-freq 1=2000000" ""; do
    # shellcheck disable=SC2086
    "$bin" signals "$out/inv.txt" --warmup $o >"$out/inv.one" || fail "exit $? ($o)"
    x=$(tail -n1 "$out/inv.one" | sed -E 's/.*max \|err\| ([0-9]+).*/\1/')
    [ "$x" -ge 20 ] || fail "options '$o' alone: max |err| $x, the missing option changed nothing"
  done
  # seeded from the kernel's first values: only the seeds' sums approximate
  "$bin" signals "$out/inv.txt" "${inv[@]}" >"$out/inv.seed" || fail "exit $?"
  x=$(tail -n1 "$out/inv.seed" | sed -E 's/.*max \|err\| ([0-9]+).*/\1/')
  [ "$x" -le 1 ] || fail "seeded: max |err| $x"
  # capacity 1024 and a maximum frequency without cpu_frequency events is
  # the identity clock: the same report, byte for byte
  "$bin" signals "$dir/qemu-6.1.txt" --kver 6.1 >"$out/inv.id0" &&
    "$bin" signals "$dir/qemu-6.1.txt" --kver 6.1 --cpu-capacity all=1024 --cpu-max-freq all=3000000 >"$out/inv.id1" ||
    fail "exit $?"
  cmp -s "$out/inv.id0" "$out/inv.id1" || fail "capacity 1024 without frequency events changed the report"
  # a task running 4 ms every 16 ms: its rebuilt util (from zero, whatever
  # the kernel's samples say) near 1024 * 4/16 at capacity 1024, half that
  # at 512 (v5.1+: the clock runs at half speed while busy and catches up
  # at idle, where the catch-up counts as idle time)
  python3 "$gen" duty "$out/duty.txt" >/dev/null || fail "reference failed"
  for cap in 1024 512; do
    "$bin" signals "$out/duty.txt" --warmup --cpu-capacity 0=$cap --samples "$out/duty.$cap" >/dev/null || fail "exit $?"
  done
  u1=$(awk -F'\t' '$2 == "task" && $1 > 700000000 { n++; s += $7 } END { printf "%d", n ? s / n : -1 }' "$out/duty.1024")
  u5=$(awk -F'\t' '$2 == "task" && $1 > 700000000 { n++; s += $7 } END { printf "%d", n ? s / n : -1 }' "$out/duty.512")
  [ "$u1" -ge 220 ] && [ "$u1" -le 290 ] && [ "$u5" -ge 110 ] && [ "$u5" -le 145 ] ||
    fail "duty 25 %: mean rebuilt util $u1 at capacity 1024, $u5 at 512 (want ~256, ~128)"
  # kernels before 5.1 scale each contribution, not the clock: the
  # reference's --pre-5.1 model, exact with --kver 4.19, not with 6.1
  python3 "$gen" --pre-5.1 mixed "$out/inv4.txt" >/dev/null || fail "reference failed"
  "$bin" signals "$out/inv4.txt" --kver 4.19 --warmup "${inv[@]}" >"$out/inv4.out" || fail "exit $?"
  tail -n1 "$out/inv4.out" | grep -qE '^signals: [0-9]{4,} samples compared, mean \|err\| 0\.000, max \|err\| 0 ' ||
    fail "pre-5.1: $(tail -n1 "$out/inv4.out")"
  "$bin" signals "$out/inv4.txt" --kver 6.1 --warmup "${inv[@]}" >"$out/inv4.61" || fail "exit $?"
  x=$(tail -n1 "$out/inv4.61" | sed -E 's/.*max \|err\| ([0-9]+).*/\1/')
  [ "$x" -ge 100 ] || fail "the pre-5.1 trace read as 6.1: max |err| $x"
  true ;;
kver414)
  # 4.14 .. 4.16: PELT without util_est, the older signal events. The
  # reference's --kver-4.14 model (pre-5.1 scaling, weighted entity
  # load_sum) writes Android 4.14's sched_load_se / sched_load_cfs_rq.
  gen="$dir/invariance_reference.py"
  inv=(--warmup --cpu-capacity 0=512 --cpu-max-freq 1=2000000)
  python3 "$gen" --kver-4.14 mixed "$out/k414.txt" >/dev/null || fail "reference failed"
  grep -q ' sched_load_se: ' "$out/k414.txt" && grep -q ' sched_load_cfs_rq: ' "$out/k414.txt" ||
    fail "no sched_load_se / sched_load_cfs_rq in the reference's 4.14 trace"
  grep -q ' sched_pelt_' "$out/k414.txt" && fail "sched_pelt_* in the reference's 4.14 trace"
  run signals "$out/k414.txt" --kver 4.14 "${inv[@]}" || fail "exit $?"
  last_line_ok
  tail -n1 "$out/$case.out" | grep -qE '^signals: [0-9]{4,} samples compared, mean \|err\| 0\.000, max \|err\| 0 ' ||
    fail "4.14: $(tail -n1 "$out/$case.out")"
  want '^util_est: absent in kernel 4\.14 \(introduced in 4\.17\): PELT alone rebuilt and compared; 0 util_est samples'
  for k in 4.15 4.16; do
    "$bin" signals "$out/k414.txt" --kver $k "${inv[@]}" >"$out/k414.$k" || fail "exit $? ($k)"
    cmp -s <(tail -n1 "$out/$case.out") <(tail -n1 "$out/k414.$k") || fail "$k: $(tail -n1 "$out/k414.$k")"
    grep -q "^util_est: absent in kernel $k " "$out/k414.$k" || fail "$k: no util_est absence line"
  done
  # a kernel with util_est and clock invariance (6.1) reads it wrong, and
  # says nothing of util_est being absent
  "$bin" signals "$out/k414.txt" --kver 6.1 "${inv[@]}" >"$out/k414.61" || fail "exit $?"
  x=$(tail -n1 "$out/k414.61" | sed -E 's/.*max \|err\| ([0-9]+).*/\1/')
  [ "$x" -ge 100 ] || fail "the 4.14 trace read as 6.1: max |err| $x"
  grep -q '^util_est: absent' "$out/k414.61" && fail "6.1: util_est said absent"
  # util_est events in a 4.14 trace: counted as unexpected, not compared
  awk '/ \[001\] / && ++n == 1000 { match($0, / [0-9]+\.[0-9]+: /); ts = substr($0, RSTART, RLENGTH)
      print "            busy-200   [001]" ts "sched_util_est_se:    cpu=1 path=/ comm=busy pid=200 enqueued=100 ewma=90 util=95"
      print "            busy-200   [001]" ts "sched_util_est_cfs:   cpu=1 path=/ enqueued=100 ewma=0 util=95" } 1' \
    "$out/k414.txt" >"$out/k414ue.txt"
  "$bin" signals "$out/k414ue.txt" --kver 4.14 "${inv[@]}" >"$out/k414ue.out" || fail "exit $?"
  grep -q '^util_est: absent in kernel 4\.14 .*; 2 util_est samples in the trace unexpected, not compared$' "$out/k414ue.out" ||
    fail "stray util_est events: $(grep '^util_est' "$out/k414ue.out")"
  cmp -s <(tail -n1 "$out/$case.out") <(tail -n1 "$out/k414ue.out") || fail "stray util_est events compared"
  # before 4.14: refused
  "$bin" signals "$out/k414.txt" --kver 4.13 >/dev/null 2>"$out/k414.err" && fail "kver 4.13 accepted"
  grep -q 'kernel version not supported' "$out/k414.err" || fail "4.13: $(cat "$out/k414.err")"
  # EAS's sched_load_avg_task / _cpu (no update_time: every transition at
  # a rule or its event time, the PELT phase unknown): parsed and compared,
  # the same samples, close; as 6.1 far off
  python3 "$gen" --kver-4.14 --eas-events mixed "$out/k414e.txt" >/dev/null || fail "reference failed"
  grep -q ' sched_load_avg_task: ' "$out/k414e.txt" && grep -q ' sched_load_avg_cpu: ' "$out/k414e.txt" ||
    fail "no sched_load_avg_task / _cpu in the reference's EAS trace"
  "$bin" signals "$out/k414e.txt" --kver 4.14 "${inv[@]}" >"$out/k414e.out" || fail "exit $?"
  read -r n m x < <(tail -n1 "$out/k414e.out" | sed -E 's/^signals: ([0-9]+) .*mean \|err\| ([0-9.]+), max \|err\| ([0-9]+).*/\1 \2 \3/')
  n0=$(tail -n1 "$out/$case.out" | sed -E 's/^signals: ([0-9]+) .*/\1/')
  [ "$n" = "$n0" ] && awk -v m="$m" 'BEGIN { exit !(m <= 0.5) }' && [ "$x" -le 10 ] ||
    fail "EAS events: $n samples (want $n0), mean $m, max $x"
  "$bin" signals "$out/k414e.txt" --kver 6.1 "${inv[@]}" >"$out/k414e.61" || fail "exit $?"
  x=$(tail -n1 "$out/k414e.61" | sed -E 's/.*max \|err\| ([0-9]+).*/\1/')
  [ "$x" -ge 100 ] || fail "the EAS 4.14 trace read as 6.1: max |err| $x"
  true ;;
*) fail "unknown case" ;;
esac
echo "trace test $case: ok"
