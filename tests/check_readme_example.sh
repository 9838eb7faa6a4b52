#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# The C example in README.md compiles warning-free against the public headers,
# links with libpgov.a alone and runs successfully.
set -eu
top=$1 lib=$2 out=${3:-readme_example}
sed -n '/^```c$/,/^```$/p' "$top/README.md" | sed '1d;$d' > "$out.c"
[ -s "$out.c" ] || { echo "readme_example: no \`\`\`c block in README.md"; exit 1; }
${CC:-cc} -std=c11 -Wall -Wextra -Werror -I"$top/include" "$out.c" "$lib" -o "$out"
case $out in /*) "$out" ;; *) ./"$out" ;; esac
