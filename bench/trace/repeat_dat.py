#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""A larger trace.dat for pgov-bench-trace: each CPU's ring-buffer pages of
IN (a version-6, uncompressed, little-endian trace.dat, such as
`trace-cmd convert --file-version 6 --compression none` makes) repeated K
times, each copy's page timestamps shifted past the previous copy. The
events repeat, so the signals are not meaningful: it is a speed input only.
Convert OUT back to compressed v7 with trace-cmd convert for that case.

usage: repeat_dat.py IN OUT K
"""
import struct
import sys


def main():
    src, dst, k = sys.argv[1], sys.argv[2], int(sys.argv[3])
    d = open(src, "rb").read()
    if d[:10] != b"\x17\x08\x44tracing" or d[10:12] != b"6\0" or d[12] != 0:
        sys.exit("repeat_dat: %s is not a little-endian version-6 trace.dat" % src)
    page = struct.unpack_from("<I", d, 14)[0]
    at = 18

    def u(n):
        nonlocal at
        v = int.from_bytes(d[at:at + n], "little")
        at += n
        return v

    def skip(n):
        nonlocal at
        at += n

    for name in (b"header_page\0", b"header_event\0"):
        assert d[at:at + len(name)] == name
        at += len(name)
        skip(u(8))
    for _ in range(u(4)):
        skip(u(8))
    for _ in range(u(4)):
        at = d.index(b"\0", at) + 1
        for _ in range(u(4)):
            skip(u(8))
    skip(u(4))
    skip(u(4))
    skip(u(8))
    cpus = u(4)
    if d[at:at + 10] == b"options  \0":
        at += 10
        while u(2):
            skip(u(4))
    assert d[at:at + 10] == b"flyrecord\0", "not a flyrecord trace"
    table = at + 10
    cpu = [struct.unpack_from("<QQ", d, table + 16 * c) for c in range(cpus)]
    first = min(struct.unpack_from("<Q", d, off)[0] for off, size in cpu if size)
    last = max(struct.unpack_from("<Q", d, off + size - page)[0] for off, size in cpu if size)
    span = last - first + 1000000000  # past the last page's start, with room for its events
    out = bytearray(d)
    out += bytes(-len(out) % page)
    for c, (off, size) in enumerate(cpu):
        start = len(out)
        for i in range(k):
            for p in range(0, size, page):
                pg = bytearray(d[off + p:off + p + page])
                struct.pack_into("<Q", pg, 0, struct.unpack_from("<Q", pg, 0)[0] + i * span)
                out += pg
        struct.pack_into("<QQ", out, table + 16 * c, start, size * k)
    open(dst, "wb").write(out)


if __name__ == "__main__":
    main()
