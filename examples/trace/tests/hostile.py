#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Damaged trace.dat files for pgov-trace (issue 30): each one written to
OUT, read with every --dat-reader, and removed. A case expects exit 2
(refused), or 0 or 2 ("02": a change that may leave a valid file); a
refusal's message must be one line "FILE: reason" or "FILE:LINE: reason"
(for a cut trace.dat "FILE: damaged trace.dat: ..."), and nothing else may be printed (no
sanitizer report).
Exits 1 on the first case that does not hold.

usage: hostile.py PGOV_TRACE OUT ZSTD.dat [V6.dat V7NONE.dat]
"""
import os
import random
import re
import struct
import concurrent.futures
import subprocess
import sys

bin_, out = sys.argv[1], sys.argv[2]
count = 0


def check(name, data, expect, regex):
    """Run every reader on one damaged file; None when all behave, else why."""
    path = f"{out}/{name}"
    with open(path, "wb") as f:
        f.write(data)
    for reader in ("auto", "pages", "libtracecmd"):
        r = subprocess.run([bin_, "info", path, "--dat-reader", reader], capture_output=True, text=True,
                           errors="replace")
        msg = r.stderr.strip()
        ok = str(r.returncode) in expect and (r.returncode == 0 or re.match(re.escape(path) + r"(:[0-9]+)?: [a-z]", msg))
        if ok and r.returncode == 2 and expect == "2":
            ok = re.match(re.escape(path) + r"(:[0-9]+)?: " + regex, msg) is not None
        ok = ok and "\n" not in msg
        if ok and r.returncode == 0:
            ok = not msg
        if not ok:
            return f"hostile: {name} --dat-reader {reader}: exit {r.returncode}, expected {expect}: {msg[:2000]}"
    os.remove(path)
    return None


# The files are checked on every core (the sanitize build makes each run
# slow); a failure is reported for the first failing file in this order.
pool = concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2)
jobs = []


def put(name, data, expect, regex="damaged trace.dat: "):
    jobs.append(pool.submit(check, name, data, expect, regex))


def buffer_cpus(d):
    """The top buffer's CPU table of a little-endian v7 file: [(off, size)]."""
    o = 10
    o = d.index(b"\0", o) + 1 + 6
    o = d.index(b"\0", d.index(b"\0", o) + 1) + 1
    at = struct.unpack_from("<Q", d, o)[0]
    while at:
        sid, fl, _, sz = struct.unpack_from("<HHIQ", d, at)
        p, end, at = at + 16, at + 16 + sz, 0
        assert sid == 0 and not fl & 1
        while p < end:
            oid, osz = struct.unpack_from("<HI", d, p)
            v = d[p + 6:p + 6 + osz]
            p += 6 + osz
            if oid == 0:
                at = struct.unpack_from("<Q", v)[0]
            if oid == 3:
                i = v.index(b"\0", 8) + 1
                i = v.index(b"\0", i) + 1
                n = struct.unpack_from("<I", v, i + 4)[0]
                return [struct.unpack_from("<IQQ", v, i + 8 + 20 * c)[1:] for c in range(n)]
    raise SystemExit("no buffer option")


zstd = open(sys.argv[3], "rb").read()
files = {"zstd": zstd}
if len(sys.argv) > 5:
    files["v6"] = open(sys.argv[4], "rb").read()
    files["v7none"] = open(sys.argv[5], "rb").read()

# every cut of the first 400 bytes (the header and the first sections), and
# 40 through the whole file: always refused (below 10 bytes there is no
# trace.dat magic: refused as text)
for tag, d in files.items():
    cuts = list(range(0, 400)) + list(range(400, len(d) - 1, len(d) // 40))
    for n in cuts:
        put(f"{tag}.cut{n}.dat", d[:n], "2", "damaged trace.dat: " if n >= 10 else "")

# byte flips in the header and first sections, and in the format and
# options text: read (an unused byte) or refused, never a crash
rng = random.Random(30)
for tag, d in files.items():
    spots = list(range(10, 300))
    i = d.find(b"name: sched_switch\n")
    if i > 0:
        spots += range(i, i + 1500, 7)
    for k, p in enumerate(rng.sample(spots, min(100, len(spots)))):
        b = bytearray(d)
        b[p] ^= rng.choice([0xff, 0x01, 0x80, 0x20])
        put(f"{tag}.flip{k}.dat", bytes(b), "02", "")

if "v6" in files:
    v6 = files["v6"]
    # the v6 reproducers (two bytes of sched_switch's print fmt):
    # libtraceevent divided by zero and read NULL on them; the pages reader
    # never hands over a print fmt, libtracecmd's reader refuses them
    i = v6.find(b"name: sched_switch\n")
    for name, old, new in (("v6.fpe", b"REC->prev_pid, REC", b"R%C->prev_pid, REC"),
                           ("v6.segv", b'"", REC->next_comm', b'""[ REC->next_comm')):
        j = v6.index(old, i)
        b = v6[:j] + new + v6[j + len(new):]
        put(f"{name}.dat", b, "02", "damaged trace.dat: the format of sched:sched_switch: a print fmt outside")

# a zstd chunk that declares 4 GiB, and one that inflates beyond what it
# declares: refused before any allocation of that size
cpus = buffer_cpus(zstd)
off = cpus[0][0]
b = bytearray(zstd)
struct.pack_into("<I", b, off + 8, 0xfffff000)
put("zstd.bomb.dat", bytes(b), "2", "damaged trace.dat: a compressed chunk declares more than 64 MiB")
usz = struct.unpack_from("<I", zstd, off + 8)[0]
b = bytearray(zstd)
struct.pack_into("<I", b, off + 8, usz - 4096)
put("zstd.short.dat", bytes(b), "2", "damaged trace.dat: a CPU's chunk does not inflate to the size it declares")
for job in jobs:
    why = job.result()
    if why:
        print(why)
        pool.shutdown(wait=False, cancel_futures=True)
        sys.exit(1)
    count += 3
print(f"hostile: {count} runs of {bin_}: every damaged file refused with its reason, no crash")
