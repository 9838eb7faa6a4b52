#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Doxygen HTML for the public headers and docs/*.md, warnings are errors.
# Usage: scripts/docs.sh   -> build/docs/docs/html/index.html
set -euo pipefail
cd "$(dirname "$0")/.."
# Doxygen only checks members of documented files: a header without @file
# would have its undocumented declarations pass silently.
nofile=$(grep -L '@file' include/pgov/*.h include/pgov/core/*.h || true)
if [ -n "$nofile" ]; then
  echo "docs: public headers without a @file block: $nofile" >&2; exit 1
fi
cmake --preset docs >/dev/null
log=build/docs/doxygen.log
# WARN_AS_ERROR=FAIL_ON_WARNINGS in docs/Doxyfile.in: doxygen reports every
# warning, then exits non-zero. (ninja merges doxygen's stderr into stdout.)
if ! cmake --build --preset docs >"$log" 2>&1 || grep -qE ': (warning|error):' "$log"; then
  grep -vE '^\[[0-9]+/[0-9]+\] ' "$log" >&2
  echo "docs: FAILED ($(grep -c -E ': (warning|error):' "$log" || true) doxygen warnings/errors)" >&2
  exit 1
fi
n_h=$(ls include/pgov/*.h | wc -l); n_md=$(ls docs/*.md | wc -l)
echo "docs: ok, 0 warnings ($n_h headers, $n_md pages); HTML: build/docs/docs/html/index.html"
