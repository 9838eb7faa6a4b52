#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# `pgovd --demo` from the command line (demo.c): it runs the daemon on its
# generated fake machine and prints one row per tick; the ramp CPU's
# frequency rises, the idle CPU stays at the minimum, the governors are put
# back and the temporary directory is gone -- after a normal end, after
# Ctrl-C and after a start that fails. Combined with an option that points
# pgovd at a real machine it exits 2 with a message, creating nothing.
# Usage: check_demo.sh PGOVD WORKDIR   (WORKDIR is used as $TMPDIR)
set -u
pgovd=$1
work=$2
fail=0
no() { echo "FAIL: $*"; fail=1; }
rm -rf "$work" && mkdir -p "$work" || exit 1
export TMPDIR="$work"
out=$work.out
err=$work.err

# The run the README shows, shortened: 20 ticks of 10 ms.
"$pgovd" --demo --iterations 20 -i 10 >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || { no "exit $rc"; cat "$err"; }
dir=$(sed -n 's/^fake machine: //p' "$out")
case $dir in
  "$work"/pgovd-demo.*) ;;
  *) no "no 'fake machine: $work/pgovd-demo.*' line: '$dir'" ;;
esac
[ -e "$dir" ] && no "$dir still exists"
[ -z "$(ls -A "$work")" ] || no "left in \$TMPDIR: $(ls -A "$work")"
grep -q "^removed $dir\$" "$out" || no "no 'removed $dir' line"
# A tick row: tick, t/ms, then load and MHz for each of the 4 CPUs.
rows=$(awk '$1 ~ /^[0-9]+$/ && NF == 10' "$out" | wc -l)
[ "$rows" -eq 20 ] || no "$rows tick rows with 4 CPUs, expected 20"
# cpu0 (ramp): mean MHz of the last 5 ticks at least 1000 above the first 5.
ramp=$(awk '$1 ~ /^[0-9]+$/ && NF == 10 { if ($1 <= 5) a += $4; if ($1 > 15) b += $4 }
            END { printf "%d %d", a / 5, b / 5 }' "$out")
set -- $ramp
[ $# -eq 2 ] && [ "$2" -ge $(($1 + 1000)) ] || no "ramp cpu0 first/last quarter mean MHz: $ramp"
echo "ramp cpu0 first/last quarter mean MHz: $ramp"
# cpu3 (idle): 800 MHz (cpuinfo_min_freq) at every tick.
idle=$(awk '$1 ~ /^[0-9]+$/ && NF == 10 && $10 != 800' "$out" | wc -l)
[ "$idle" -eq 0 ] || no "idle cpu3 above 800 MHz at $idle tick(s)"
grep -q '^  cpu3 idle *mean  800 MHz  min  800  max  800' "$out" || no "cpu3 summary line"
n=$(grep -c '^cpu[0-3] scaling_governor: schedutil (restored)$' "$out")
[ "$n" -eq 4 ] || no "$n governors restored, expected 4"
grep -q '^summary over 20 tick(s):$' "$out" || no "no summary line"

# ondemand at the default 50 ms tick: its sampling rate is the daemon's
# interval, so cpu2's 30 % (read as 20 and 40 % from /proc/stat's 10 ms
# steps) moves its frequency; with the driver's default rate (~8 ms) every
# tick looked like a long idle period and cpu2 held one frequency.
"$pgovd" --demo -p ondemand --iterations 20 >"$out" 2>"$err" || no "ondemand demo: exit $?"
n=$(awk '$1 ~ /^[0-9]+$/ && NF == 10 && $1 > 4 { print $8 }' "$out" | sort -u | wc -l)
[ "$n" -ge 2 ] || no "ondemand cpu2 (30 %) held one frequency over ticks 5..20"
echo "ondemand cpu2 (30 %): $n distinct frequencies over ticks 5..20"

# Ctrl-C: restored and removed, exit 0.
: >"$out"
"$pgovd" --demo --iterations 100000 -i 10 >"$out" 2>"$err" &
pid=$!
i=0
while ! grep -q '^ *3 ' "$out" && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
kill -INT $pid
wait $pid
rc=$?
[ $rc -eq 0 ] || no "Ctrl-C: exit $rc"
grep -q 'Interrupt: restoring the original settings' "$err" || no "Ctrl-C: no restore message"
n=$(grep -c '(restored)$' "$out")
[ "$n" -eq 4 ] || no "Ctrl-C: $n governors restored, expected 4"
[ -z "$(ls -A "$work")" ] || no "Ctrl-C: left in \$TMPDIR: $(ls -A "$work")"

# A start that fails (hwp-boost needs an msr device): exit 1, nothing left.
"$pgovd" --demo -p hwp-boost >"$out" 2>"$err"
rc=$?
[ $rc -eq 1 ] || no "--demo -p hwp-boost: exit $rc, expected 1"
grep -q 'needs the msr device' "$err" || no "--demo -p hwp-boost: $(cat "$err")"
[ -z "$(ls -A "$work")" ] || no "failed start: left in \$TMPDIR: $(ls -A "$work")"

# Options for a real machine: exit 2, named, nothing created.
for bad in "--sysfs-root=/sys" "--proc-root=/proc" "--dev-root=/dev" "--run-dir=$work/r" \
           "--state-file=$work/s" "--dry-run" "--restore" "--step" "--clock-file=$work/c" \
           "--fake-msr" "--write-mode=limits" "status"; do
  "$pgovd" --demo "$bad" >"$out" 2>"$err"
  rc=$?
  opt=${bad%%=*}
  [ "$opt" = status ] && opt="'status'"
  [ $rc -eq 2 ] || no "--demo $bad: exit $rc, expected 2"
  grep -q -- "--demo runs on its own fake machine: it does not combine with $opt " "$err" ||
    no "--demo $bad: message '$(cat "$err")'"
  [ -s "$out" ] && no "--demo $bad: printed on stdout"
done
[ -z "$(ls -A "$work")" ] || no "refused options: left in \$TMPDIR: $(ls -A "$work")"
echo "last message: $(cat "$err")"

rm -rf "$work" "$out" "$err"
[ $fail -eq 0 ] && echo "ok: pgovd --demo"
exit $fail
