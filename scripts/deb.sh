#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The `deb` stage: build the Debian packages (libpgov0, libpgov-dev, pgovd,
# python3-pgov, pgov-tools, pgov-tracepoints-dkms) from a clean `git archive` of HEAD with dpkg-buildpackage
# -us -uc -b, then require lintian with no error or warning (overrides only
# with a written reason, debian/*.lintian-overrides) and hardening-check on
# every ELF file shipped; the DKMS tree of pgov-tracepoints-dkms built with
# dkms for the installed headers' kernel and recorded in its guest. Output: build/deb/*.deb (the fresh stage installs
# them). In a git checkout uncommitted changes are not packaged: commit
# first; outside one (a release tarball) the tree is packaged as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$PWD/build/deb
rm -rf "$out"; mkdir -p "$out/src"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git archive --format=tar HEAD | tar -x -C "$out/src"
  if ! git diff --quiet HEAD -- debian CMakeLists.txt cmake lib include examples docs; then
    echo "deb: note: uncommitted changes are not in the package (built from HEAD)"
  fi
else # an unpacked release tarball (the fresh stage): the tree as it is, minus builds
  tar -c --exclude=./build --exclude='./obj-*' --exclude=./pgov-sim-out . | tar -x -C "$out/src"
fi
(cd "$out/src" && nice -n 10 dpkg-buildpackage -us -uc -b -j2 >"$out/build.log" 2>&1) || {
  tail -n 60 "$out/build.log" >&2; echo "deb: dpkg-buildpackage failed (log: $out/build.log)" >&2; exit 1; }
debs=("$out"/*.deb)
for d in "${debs[@]}"; do
  printf 'deb: %-40s %6d bytes, %3d files\n' "$(basename "$d")" "$(stat -c %s "$d")" \
         "$(dpkg-deb -c "$d" | grep -vc '/$')"
done
# Errors and warnings fail; info and pedantic tags are printed.
lintian --fail-on error,warning --display-info "$out"/*.changes | tee "$out/lintian.log" || {
  echo "deb: lintian reported errors or warnings (above)" >&2; exit 1; }
echo "deb: lintian: no errors, no warnings ($(grep -c '^[IP]:' "$out/lintian.log" || true) info tags)"
# Every ELF file shipped, with Debian's hardening flags. --nocfprotection:
# Debian 12's own crt1.o/crti.o carry no IBT/SHSTK property, so no bookworm
# binary passes that check (not /usr/bin/ls either); Debian enables it from
# dpkg 1.22.
x=$out/extract; mkdir -p "$x"
for d in "${debs[@]}"; do dpkg-deb -x "$d" "$x"; done
elves=$(find "$x" -type f \( -perm -u+x -o -name '*.so*' \) -exec sh -c 'head -c4 "$1" | grep -q ELF && echo "$1"' _ {} \;)
# shellcheck disable=SC2086
hardening-check --nocfprotection $elves >"$out/hardening.log" 2>&1 || {
  cat "$out/hardening.log" >&2; echo "deb: hardening-check failed" >&2; exit 1; }
echo "deb: hardening-check ok on $(echo "$elves" | wc -l) ELF files: $(for e in $elves; do basename "$e"; done | tr '\n' ' ')"
tests/checks/check_exports.sh . "$(find "$x" -name libpgov.a | head -n1)" libc-only "$(find "$x" -name 'libpgov.so.0.*' | head -n1)" | tail -n2
# python3-pgov as installed: its files with the packaged libpgov0 and
# pgov-trace (extracted above), the pytest suite against them, from outside
# the source tree (python/ is not on the path).
dist=$x/usr/lib/python3/dist-packages
[ -f "$dist/pgov/__init__.py" ] || { echo "deb: python3-pgov ships no pgov package" >&2; exit 1; }
(cd "$out" && env -u PYTHONPATH PYTHONPATH="$dist" PYTHONDONTWRITEBYTECODE=1 \
   PGOV_LIBRARY="$(find "$x" -name 'libpgov.so.0' | head -n1)" PGOV_TRACE="$x/usr/bin/pgov-trace" \
   /usr/bin/python3 -c 'import pgov, sys; assert pgov.__file__.startswith(sys.argv[1]), pgov.__file__' "$dist" &&
 env PYTHONPATH="$dist" PYTHONDONTWRITEBYTECODE=1 \
   PGOV_LIBRARY="$(find "$x" -name 'libpgov.so.0' | head -n1)" PGOV_TRACE="$x/usr/bin/pgov-trace" \
   /usr/bin/python3 -m pytest -q -p no:cacheprovider "$OLDPWD/python/tests" >"$out/python3-pgov.log" 2>&1) || {
  tail -n 30 "$out/python3-pgov.log" >&2; echo "deb: python3-pgov install test failed" >&2; exit 1; }
echo "deb: python3-pgov install test: $(tail -n1 "$out/python3-pgov.log")"
# pgov-tracepoints-dkms as packaged: `dkms build` of its /usr/src tree for
# the kernel of the installed headers (not the running one), the module
# loaded in that kernel under qemu and recorded with trace-cmd, the recording
# read by the packaged pgov-trace (examples/trace/tests/traces/tracepoints-test.sh; the cost
# per event it prints is docs/record.md's).
tp=$(find "$x/usr/src" -maxdepth 1 -name 'pgov-tracepoints-*' | head -n1)
[ -n "$tp" ] && [ -f "$tp/dkms.conf" ] && [ -x "$tp/pgov-tp-offsets.sh" ] || {
  echo "deb: pgov-tracepoints-dkms ships no DKMS tree (dkms.conf, pgov-tp-offsets.sh)" >&2; exit 1; }
PYTHONPATH="$dist" PGOV_LIBRARY="$(find "$x" -name 'libpgov.so.0' | head -n1)" PGOV_TP_PYTHON=1 \
  PGOV_TP_SRC=$tp examples/trace/tests/traces/tracepoints-test.sh "$x/usr/bin/pgov-trace" "$out/tracepoints" >"$out/tracepoints.log" 2>&1 || {
  tail -n 40 "$out/tracepoints.log" >&2; echo "deb: pgov-tracepoints-dkms guest test failed (log: $out/tracepoints.log)" >&2; exit 1; }
grep -E '^(tracepoints: |  )' "$out/tracepoints.log" | sed 's/^/deb: /'
