#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Plot rebuilt against kernel-reported util of one task from the TSV that
`pgov-trace signals TRACE --samples FILE` writes. Standard library only.

usage: plot_util.py SAMPLES.tsv PID OUT.svg [SIGNAL]   (SIGNAL: task by default)
"""
import sys


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    path, pid, out = sys.argv[1], sys.argv[2], sys.argv[3]
    kind = sys.argv[4] if len(sys.argv) == 5 else "task"
    pts, comm = [], "?"
    with open(path) as f:
        head = f.readline().rstrip("\n").split("\t")
        col = {n: i for i, n in enumerate(head)}
        for line in f:
            v = line.rstrip("\n").split("\t")
            if v[col["signal"]] == kind and v[col["pid"]] == pid:
                comm = v[col["comm"]]
                pts.append((int(v[col["ts_ns"]]) / 1e9, int(v[col["kernel"]]), int(v[col["rebuilt"]])))
    if not pts:
        sys.exit(f"plot_util.py: no {kind} samples for pid {pid} in {path}")
    w, h, ml, mr, mt, mb = 900, 360, 60, 20, 30, 40
    t0, t1 = pts[0][0], pts[-1][0] if pts[-1][0] > pts[0][0] else pts[0][0] + 1e-3
    top = max(max(p[1], p[2]) for p in pts)
    top = max(64, ((top + 63) // 64) * 64)
    x = lambda t: ml + (t - t0) / (t1 - t0) * (w - ml - mr)
    y = lambda u: mt + (1 - u / top) * (h - mt - mb)
    line = lambda i: " ".join(f"{x(p[0]):.1f},{y(p[i]):.1f}" for p in pts)
    err = [abs(p[1] - p[2]) for p in pts]
    s = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">',
         f'<rect width="{w}" height="{h}" fill="white"/>',
         f'<text x="{ml}" y="18">{kind} util of pid {pid} ({comm}): kernel (sched_pelt_se) vs pgov-trace, '
         f'{len(pts)} samples, mean |err| {sum(err) / len(err):.2f}, max {max(err)}</text>']
    for k in range(0, top + 1, top // 4):
        s.append(f'<line x1="{ml}" x2="{w - mr}" y1="{y(k):.1f}" y2="{y(k):.1f}" stroke="#ddd"/>'
                 f'<text x="{ml - 6}" y="{y(k) + 4:.1f}" text-anchor="end">{k}</text>')
    for k in range(5):
        t = t0 + (t1 - t0) * k / 4
        s.append(f'<text x="{x(t):.1f}" y="{h - mb + 16}" text-anchor="middle">{t:.3f} s</text>')
    s.append(f'<polyline fill="none" stroke="#1f77b4" stroke-width="2" points="{line(1)}"/>')
    s.append(f'<polyline fill="none" stroke="#d62728" stroke-width="1" stroke-dasharray="4,3" points="{line(2)}"/>')
    s.append(f'<text x="{w - mr - 260}" y="{mt + 14}" fill="#1f77b4">kernel-reported</text>'
             f'<text x="{w - mr - 140}" y="{mt + 14}" fill="#d62728">rebuilt by libpgov</text></svg>')
    with open(out + ".tmp", "w") as f:
        f.write("\n".join(s) + "\n")
    import os
    os.replace(out + ".tmp", out)


if __name__ == "__main__":
    main()
