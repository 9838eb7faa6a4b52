#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The pages a person opens, rendered in headless chromium: pgov-sim's
# OUT/index.html (grep, one iteration: 12 CPUs, 5 policies, 2 verdicts)
# and pgov-trace govern --html (the 2-CPU qemu recording, 3 policies),
# and pgov-trace bisect --html (the same, 4.14 .. 7.3: the markers).
# Each renders (a 1400x3000 screenshot with ink and every policy's colour
# on it), has every plot (the DOM after load: the count, and the plots
# over all CPUs and the residency drew points), the verdict table says
# what stdout says, and the CPU chooser's script shows the chosen CPU.
# Without chromium the test is skipped (exit 77, ctest SKIP_RETURN_CODE).
# Usage: html.sh PGOV_SIM PGOV_TRACE TRACE WORK_DIR
set -u
sim=$1 trace=$2 rec=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
browser=
for b in chromium chromium-browser google-chrome; do
  command -v "$b" >/dev/null && { browser=$b; break; }
done
[ -n "$browser" ] || { echo "html: no chromium (apt-get install chromium): skipped"; exit 77; }
rm -rf "$work" && mkdir -p "$work"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# headless, its profile in the work folder; MODE is --screenshot=PNG or --dump-dom
render() {
  timeout 120 "$browser" --headless --disable-gpu --no-sandbox --hide-scrollbars \
    --user-data-dir="$work/profile" --window-size=1400,3000 "$@" 2>>"$work/chromium.log"
}
check() { python3 "$here/html_check.py" "$@" || fail "html_check.py $*"; }
colours=('#1f77b4' '#d62728' '#2ca02c' '#ff7f0e' '#9467bd')

# pgov-sim: index.html beside the other outputs
"$sim" --iterations 1 --out "$work/sim" grep >"$work/sim.txt" 2>"$work/sim.err" ||
  fail "pgov-sim exit status $? ($(cat "$work/sim.err"))"
page=$work/sim/index.html
[ -s "$page" ] || fail "no $page"
# self-contained: nothing fetched (the SVG namespace is a name, not a fetch)
ext=$(grep -Eo "<link [^>]*|<(script|img|iframe)[^>]* src=[^>]*|url\(|(src|href)=['\"]?(https?:)?//[^ >]*" "$page" | head -3)
[ -z "$ext" ] || fail "$page loads something: $ext"
render --screenshot="$work/sim.png" "file://$page" >/dev/null
check png "$work/sim.png" 1400 3000 0.02 "${colours[@]}"
render --dump-dom "file://$page" >"$work/sim.dom"
# 12 CPUs: the 2 aggregate plots, 2 per CPU, the 2 residency plots
check dom "$work/sim.dom" 28 0 1 -2 -1
nv=$(grep -c '^verdict: ' "$work/sim.txt")
nrow=$(grep -Ec '<td class="l (reproduced|direction|notrep|opposite)">' "$work/sim.dom")
[ "$nv" -ge 1 ] && [ "$nv" = "$nrow" ] || fail "verdicts: $nv on stdout, $nrow rows on the page"
grep -q 'command: pgov-sim --iterations 1 --out' "$work/sim.dom" || fail "no provenance on the page"
grep -q '<th class="l">metric</th>' "$work/sim.dom" || fail "no table of means"
# the chooser: cpu7 chosen by the page's own function
sed 's|</body>|<script>pgovCpu("t0", "7"); document.body.setAttribute("data-sel", document.getElementById("sel-t0").value);</script></body>|' \
  "$page" >"$work/sim7.html"
render --dump-dom "file://$work/sim7.html" >"$work/sim7.dom"
check shown "$work/sim7.dom" t0 7

# pgov-trace govern --html
"$trace" govern "$rec" --policy "sched schedutil" --policy "pst intel_pstate algo=load" \
  --policy "od ondemand" --html "$work/govern.html" >"$work/govern.txt" 2>"$work/govern.err" ||
  fail "pgov-trace exit status $? ($(cat "$work/govern.err"))"
# the same command gives the same bytes (the page names its own path)
cp "$work/govern.html" "$work/govern1.html"
"$trace" govern "$rec" --policy "sched schedutil" --policy "pst intel_pstate algo=load" \
  --policy "od ondemand" --html "$work/govern.html" >/dev/null 2>&1 || fail "second govern run"
cmp -s "$work/govern.html" "$work/govern1.html" || fail "two govern runs wrote different pages"
render --screenshot="$work/govern.png" "file://$work/govern.html" >/dev/null
check png "$work/govern.png" 1400 3000 0.02 "${colours[@]:0:3}"
render --dump-dom "file://$work/govern.html" >"$work/govern.dom"
# 2 CPUs: the 2 aggregate plots, 2 per CPU, the residency plot
check dom "$work/govern.dom" 7 0 1 -1
grep -q 'command: pgov-trace govern' "$work/govern.dom" || fail "no provenance on the govern page"
grep -A1 'Recorded P-state decisions' "$work/govern.dom" | grep -q 'pstate_sample: none in the trace' ||
  fail "the govern page does not show the pstate_sample line"
# the page's text report is what stdout printed
python3 - "$work/govern.txt" "$work/govern.html" <<'EOF' || fail "the page's text report is not stdout's"
import html, re, sys
txt = open(sys.argv[1]).read()
pre = re.findall(r"<pre>(.*?)</pre>", open(sys.argv[2]).read(), re.S)
sys.exit(0 if any(html.unescape(p) == txt for p in pre) else 1)
EOF
# a bad trace writes no page
"$trace" govern "$(dirname "$rec")/bad/garbage.txt" --policy "x schedutil" --html "$work/bad.html" \
  >/dev/null 2>&1 && fail "a bad trace was accepted"
[ -e "$work/bad.html" ] && fail "a bad trace left $work/bad.html"

# pgov-trace bisect --html: the table and one plot per release, every
# boundary row of the TSV a marker; the same bytes twice; no page from a
# bad trace
pols=(--policy "sched schedutil" --policy "od ondemand" --policy "pst intel_pstate")
bis() { "$trace" bisect "$rec" --releases 4.14..7.3 "${pols[@]}" "$@"; }
bis --html "$work/bisect.html" >"$work/bisect.txt" 2>"$work/bisect.err" ||
  fail "pgov-trace bisect exit status $? ($(cat "$work/bisect.err"))"
cp "$work/bisect.html" "$work/bisect1.html"
bis --html "$work/bisect.html" >/dev/null 2>&1 || fail "second bisect run"
cmp -s "$work/bisect.html" "$work/bisect1.html" || fail "two bisect runs wrote different pages"
bis --format tsv >"$work/bisect.tsv" 2>/dev/null || fail "bisect --format tsv"
[ "$(wc -l <"$work/bisect.tsv")" -ge 3 ] || fail "bisect: fewer than 2 rows to mark"
render --screenshot="$work/bisect.png" "file://$work/bisect.html" >/dev/null
check png "$work/bisect.png" 1400 3000 0.01 "${colours[@]:0:3}"
render --dump-dom "file://$work/bisect.html" >"$work/bisect.dom"
check bisect "$work/bisect.dom" "$work/bisect.tsv"
grep -q 'command: pgov-trace bisect' "$work/bisect.dom" || fail "no provenance on the bisect page"
"$trace" bisect "$(dirname "$rec")/bad/garbage.txt" "${pols[@]}" --html "$work/badb.html" \
  >/dev/null 2>&1 && fail "bisect took a bad trace"
[ -e "$work/badb.html" ] && fail "a bad trace left $work/badb.html"

[ $fails = 0 ] && echo "html: all checks passed (screenshots: $work/sim.png, $work/govern.png, $work/bisect.png)"
[ $fails = 0 ]
