#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Worst-case stack of every public libpgov function, from GCC's
-fcallgraph-info=su output (.ci files: one node per function with its frame
size, one edge per call), summarised per module.

A function's worst case is its own frame plus the deepest of its callees,
followed across modules. Calls through the hardware vtable appear as
"__indirect_call": they add the embedder's callback stack, which this
report cannot know (marked '+cb'); compiler-emitted memset/memcpy ('+libc')
and libgcc's 64-bit helpers on 32-bit cores ('+libgcc', a few words each)
likewise. Recursion would make the bound infinite and is reported as an
error. Usage: stack_report.py FILE.ci...   Prints TSV: module, worst
function, bytes, notes.
"""
import os, re, sys

node_re = re.compile(r'node: \{ title: "([^"]+)" label: "([^"]*)"')
edge_re = re.compile(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"')
frame = {}    # title -> bytes
module = {}   # title -> module name
public = {}   # title -> module (global functions defined there)
edges = {}
for ci in sys.argv[1:]:
    mod = os.path.splitext(os.path.basename(ci))[0]
    for line in open(ci):
        m = node_re.search(line)
        if m:
            title, label = m.groups()
            b = re.search(r'\\n(\d+) bytes', label)
            if b:
                frame[title] = int(b.group(1))
                module[title] = mod
                if ':' not in title:
                    public[title] = mod
            continue
        m = edge_re.search(line)
        if m:
            edges.setdefault(m.group(1), []).append(m.group(2))

memo = {}
def worst(f, stack=()):
    if f in stack:
        sys.exit("stack_report: recursion through %s" % f)
    if f in memo:
        return memo[f]
    if f == "__indirect_call":
        return (0, {"+cb"})
    if f not in frame:
        if f in ("memset", "memcpy", "memmove"):
            return (0, {"+libc"})
        if f.startswith("__aeabi_") or re.match(r"__[a-z]+[sdt]i[0-9]$", f):
            return (0, {"+libgcc"})
        return (0, {"+" + f})
    best, notes = 0, set()
    for g in edges.get(f, []):
        b, n = worst(g, stack + (f,))
        notes |= n
        best = max(best, b)
    memo[f] = (frame[f] + best, notes)
    return memo[f]

per_mod = {}
for f, mod in public.items():
    b, n = worst(f)
    if mod not in per_mod or b > per_mod[mod][1]:
        per_mod[mod] = (f, b, n)
print("module\tworst_function\tstack_bytes\tnotes")
for mod in sorted(per_mod):
    f, b, n = per_mod[mod]
    print("%s\t%s\t%d\t%s" % (mod, f, b, " ".join(sorted(n)) or "-"))
