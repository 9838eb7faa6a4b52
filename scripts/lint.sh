#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Cheap static checks that every file must pass:
#  - cppcheck on lib/ (warning, style, performance, portability; not
#    unusedFunction, which would flag every public function);
#  - an SPDX line in the first two lines of every source and script;
#  - every public header has a Doxygen @file block (else doxygen skips it);
#  - lib/ includes system headers only in lib/internal/deps.h;
#  - every "docs/spec/<file>.md N.M" citation resolves (check_citations.py);
#  - no C file over 900 lines, no function over 120 (size_check.sh);
#  - pgov-sim's headers include no cycle, and its machine calls nothing
#    above it (sim_includes.py).
# clang-format is not enforced (.clang-format is there for editors).
set -euo pipefail
cd "$(dirname "$0")/.."
fail=0
# -UPGOV_CONFIG_FILE: embed.h includes that file only when an embedder names
# one. -U__GNUC__ -U__clang__: cppcheck analyses the portable byte loops of
# PGOV_COPY/PGOV_ZERO (lib/internal/deps.h); the unrolled GNU word moves cost
# it minutes per file and hold nothing it could find.
cppcheck --std=c11 --enable=warning,style,performance,portability --error-exitcode=1 \
         --inline-suppr --suppress=missingIncludeSystem -q -Iinclude -Ilib -U__GNUC__ -U__clang__ -UPGOV_CONFIG_FILE \
         lib/*.c || fail=1
n_lib=$(ls lib/*.c | wc -l)
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  files=$(git ls-files '*.c' '*.h' '*.sh' '*.cmake' '*.in' '*.ld' 'CMakeLists.txt' '*/CMakeLists.txt' \
          'lib/pgov.map' '.ci/run' 'bench/run' | grep -v '^tests/vectors/' || true)
else # an unpacked release tarball: the same patterns, found on disk
  files=$(find . -path ./build -prune -o -path './obj-*' -prune -o -type f \( -name '*.c' -o -name '*.h' \
          -o -name '*.sh' -o -name '*.cmake' -o -name '*.in' -o -name '*.ld' -o -name CMakeLists.txt \) -print |
          sed 's|^\./||' | grep -v '^tests/vectors/' || true)
  files="$files lib/pgov.map .ci/run bench/run"
fi
[ -n "$files" ] || { echo "lint: no files to check" >&2; exit 1; }
missing=$(for f in $files; do [ -f "$f" ] && ! head -n 3 "$f" | grep -q 'SPDX-License-Identifier: BSD-2-Clause' && echo "$f"; done || true)
if [ -n "$missing" ]; then
  echo "lint: no 'SPDX-License-Identifier: BSD-2-Clause' in the first lines of:" $missing >&2; fail=1
fi
# lib/ takes its system headers from lib/internal/deps.h only.
sysinc=$(grep -ln '^[[:space:]]*#[[:space:]]*include[[:space:]]*<' lib/*.c lib/internal/*.h |
         grep -vx 'lib/internal/deps.h' || true)
[ -z "$sysinc" ] || { echo "lint: <...> include outside lib/internal/deps.h: $sysinc" >&2; fail=1; }
# Every specification citation names a document and section in docs/spec/.
python3 scripts/check_citations.py >&2 || { echo "lint: unresolved specification citations" >&2; fail=1; }
# Files and functions small enough to read whole (issue 32).
scripts/size_check.sh >/dev/null || { echo "lint: files or functions over the size limits" >&2; fail=1; }
# The simulator without the circle (issue 32 item 2).
python3 scripts/sim_includes.py >/dev/null || { echo "lint: pgov-sim include cycle or machine calling up" >&2; fail=1; }
nofile=$(grep -L '@file' include/pgov/*.h include/pgov/core/*.h || true)
[ -z "$nofile" ] || { echo "lint: public headers without @file: $nofile" >&2; fail=1; }
[ $fail -eq 0 ] || { echo "lint: FAILED" >&2; exit 1; }
echo "lint: ok: cppcheck clean on $n_lib lib/ sources; system headers only via deps.h; citations resolve; SPDX line in $(echo "$files" | wc -w) files; @file in every public header; sizes within the limits; pgov-sim's includes acyclic"
