#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Write the first ```c block of README.md to $2, so the build compiles the
# example a user copies first (tests/CMakeLists.txt: readme_example).
set -eu
awk '/^```c$/ && !done { on = 1; next } on && /^```$/ { on = 0; done = 1 } on' "$1" > "$2.tmp"
[ -s "$2.tmp" ] || { echo "extract_readme_example: no \`\`\`c block in $1" >&2; rm -f "$2.tmp"; exit 1; }
mv "$2.tmp" "$2"
