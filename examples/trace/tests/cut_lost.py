#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Make a recording with lost events out of a complete one (ftrace text).

    cut_lost.py IN OUT CPU COUNT AT...

Each AT is a position in CPU's own event stream (its Nth event line, 0
first; 'end' for after its last): COUNT of CPU's event lines from there are
dropped and a `CPU:N [LOST M EVENTS]` marker takes the first one's place,
as ftrace prints a ring-buffer overrun. COUNT 0 drops nothing (a marker
alone). Deterministic: the same input gives the same output.
"""
import re
import sys

EVENT = re.compile(r"^\s*.+-\d+\s+\[(\d+)\]\s")


def main(argv):
    if len(argv) < 6:
        sys.exit("usage: cut_lost.py IN OUT CPU COUNT AT...")
    src, dst, cpu, count = argv[1], argv[2], int(argv[3]), int(argv[4])
    with open(src, encoding="utf-8", errors="surrogateescape") as f:
        lines = f.readlines()
    mine = [i for i, l in enumerate(lines) if (m := EVENT.match(l)) and int(m.group(1)) == cpu]
    drop, marks = set(), {}
    for at in argv[5:]:
        n = len(mine) if at == "end" else int(at)
        if n > len(mine):
            sys.exit(f"cut_lost.py: CPU {cpu} has {len(mine)} events, not {n}")
        cut = mine[n:n + count]
        drop.update(cut)
        pos = cut[0] if cut else (mine[n] if n < len(mine) else len(lines))
        marks[pos] = f"CPU:{cpu} [LOST {len(cut) if cut else 1} EVENTS]\n"
    with open(dst, "w", encoding="utf-8", errors="surrogateescape") as f:
        for i, l in enumerate(lines):
            if i in marks:
                f.write(marks[i])
            if i not in drop:
                f.write(l)
        if len(lines) in marks:
            f.write(marks[len(lines)])


if __name__ == "__main__":
    main(sys.argv)
