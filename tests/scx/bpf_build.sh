#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# tests/scx/bpf_build.sh ROOT OUT [SRC]: compile SRC (default
# tests/scx/scx_pelt.bpf.c; include path also examples/scx) with
# clang -target bpf -O2 and check the object: no call instruction (every
# step of pgov/core/scx.h is inline), no undefined symbol (no libcall for a
# 128-bit multiply or a signed division).
set -eu
root=$1 out=$2 src=${3:-$1/tests/scx/scx_pelt.bpf.c}
clang=${CLANG:-clang}
command -v "$clang" >/dev/null || { echo "bpf_build: clang not found (scripts/install-deps.sh)"; exit 1; }
objdump=$(command -v llvm-objdump || true)
nm=$(command -v llvm-nm || true)
[ -n "$objdump" ] && [ -n "$nm" ] || { echo "bpf_build: llvm-objdump/llvm-nm not found"; exit 1; }
"$clang" -target bpf -O2 -g -std=gnu11 -Wall -Wextra -Werror -ffreestanding \
  -I"$root/include" -I"$root/examples/scx" -c "$src" -o "$out"
undef=$("$nm" -u "$out" || true)
[ -z "$undef" ] || { echo "bpf_build: undefined symbols in the BPF object: $undef"; exit 1; }
calls=$("$objdump" -d "$out" | grep -cE '\bcall\b' || true)
[ "$calls" = 0 ] || { "$objdump" -d "$out" | grep -E '\bcall\b'; echo "bpf_build: $calls calls"; exit 1; }
insns=$("$objdump" -d "$out" | grep -cE '^ *[0-9]+:' || true)
echo "bpf_build: $out: $insns BPF instructions, no calls, no undefined symbols"
