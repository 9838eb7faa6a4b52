#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""The simulator's include graph without the circle (issue 32 item 2).

Reads every `#include "..."` of examples/sim/*.h and *.c that names a file
of examples/sim, then fails (exit 1) on
  - a cycle among the headers (a header that includes one that includes it
    back, directly or not);
  - the hardware side (machine.c, topo.c) reaching a header of a room above
    it (sched, policy, cpuidle, place, balance), or calling one of their
    functions (sched_*, pol_*, idle_*, place_*, balance_*): the machine
    reports through sim_hw_report (engine.h) and the engine dispatches.
Prints the layers (each header after everything it includes) when clean.
"""
import os
import re
import sys

SIM = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "sim")
HW = ("machine.c", "topo.c")
ABOVE = ("sched.h", "policy.h", "cpuidle.h", "place.h", "balance.h")
CALL = re.compile(r"\b((?:sched|pol|balance|place|idle)_\w+)\s*\(")
INC = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def graph(d):
    files = sorted(f for f in os.listdir(d) if f.endswith((".c", ".h")))
    g = {}
    for f in files:
        with open(os.path.join(d, f), encoding="utf-8") as fh:
            g[f] = [i for i in INC.findall(fh.read()) if i in files]
    return g


def cycle(g):
    """A header cycle as a list of names, or None."""
    state, stack = {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in g.get(n, []):
            if not m.endswith(".h"):
                continue
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                c = visit(m)
                if c:
                    return c
        state[n] = 2
        stack.pop()
        return None

    for n in g:
        if n.endswith(".h") and n not in state:
            c = visit(n)
            if c:
                return c
    return None


def reach(g, n):
    seen, todo = set(), list(g.get(n, []))
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo.extend(g.get(m, []))
    return seen


def layers(g):
    depth = {}

    def d(n):
        if n not in depth:
            depth[n] = 1 + max((d(m) for m in g.get(n, []) if m.endswith(".h")), default=-1)
        return depth[n]

    out = {}
    for n in g:
        if n.endswith(".h"):
            out.setdefault(d(n), []).append(n)
    return [sorted(out[k]) for k in sorted(out)]


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else SIM
    g = graph(d)
    fail = 0
    c = cycle(g)
    if c:
        print("sim_includes: header cycle: " + " -> ".join(c), file=sys.stderr)
        fail = 1
    for f in HW:
        bad = sorted(set(ABOVE) & reach(g, f))
        if bad:
            print("sim_includes: %s reaches %s (report through sim_hw_report instead)"
                  % (f, ", ".join(bad)), file=sys.stderr)
            fail = 1
        with open(os.path.join(d, f), encoding="utf-8") as fh:
            calls = sorted(set(CALL.findall(fh.read())))
        if calls:
            print("sim_includes: %s calls up: %s" % (f, ", ".join(calls)), file=sys.stderr)
            fail = 1
    if fail:
        return 1
    nh = sum(1 for n in g if n.endswith(".h"))
    print("sim_includes: ok: %d headers, %d sources, no cycle; %s reach none of %s"
          % (nh, len(g) - nh, "/".join(HW), ", ".join(ABOVE)))
    for i, layer in enumerate(layers(g)):
        print("  layer %d: %s" % (i, " ".join(layer)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
