#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# examples/scx/build.sh ROOT OUT VMLINUX_BTF: build scx_pgov for the kernel
# whose BTF is VMLINUX_BTF (the raw .BTF section or a vmlinux ELF). Runs
# inside the trixie chroot (Debian's clang, libbpf-dev, bpftool; run.sh
# calls it there): vmlinux.h generated from that BTF (never committed), the
# BPF object, its skeleton, and the loader linked statically (libbpf, libelf,
# zlib, zstd) so it runs in a busybox initramfs. OUT gets scx_pgov.bpf.o,
# scx_pgov (the loader) and verifier-free build facts in build.log.
set -eu
root=$1 out=$2 btf=$3
mkdir -p "$out"
bpftool btf dump file "$btf" format c >"$out/vmlinux.h"
clang -target bpf -O2 -g -std=gnu11 -ffreestanding -fms-extensions -Wall -Wextra -Werror -Wno-unused-parameter \
  -Wno-missing-field-initializers -D__TARGET_ARCH_x86 \
  -isystem "$out" -I"$root/include" -I"$root/examples/scx" \
  -c "$root/examples/scx/scx_pgov.bpf.c" -o "$out/scx_pgov.bpf.o"
bpftool gen skeleton "$out/scx_pgov.bpf.o" name scx_pgov >"$out/scx_pgov.skel.h"
gcc -O2 -std=gnu11 -Wall -Wextra -Werror -static -I"$out" -I"$root/include" -I"$root/examples/scx" \
  -o "$out/scx_pgov" "$root/examples/scx/scx_pgov.c" "$root/examples/scx/eu_search_stub.c" \
  -lbpf -lelf -lz -lzstd
echo "scx build: $out/scx_pgov.bpf.o ($(llvm-objdump -d "$out/scx_pgov.bpf.o" | grep -cE '^ *[0-9]+:') BPF instructions), $out/scx_pgov (static)"
