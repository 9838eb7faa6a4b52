#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Rebuilt against kernel-reported util_avg of one task of a real trace.

    pelt_vs_trace.py TRACE OUT.svg [--pid PID] [--kver 6.1] [--signal task]

The trace (ftrace text, trace-cmd report or trace.dat) goes through
pgov.trace.load, i.e. the one parser (pgov-trace); every kernel
sched_pelt_se sample of the task is plotted beside libpgov's rebuild at the
same instant. Without --pid, the task with the most samples. Plots with
matplotlib when it is installed, else writes the SVG itself with numpy
(Debian: python3-numpy; python3-matplotlib optional). Prints one line:
"pid P (COMM): N samples, mean |err| X, max |err| Y".
"""
import argparse
import sys

import numpy as np

import pgov.trace


def pick(samples, signal, pid):
    col = {k: np.asarray(samples[k]) for k in ("ts_ns", "signal", "pid", "comm", "kernel", "rebuilt")}
    sel = col["signal"] == signal
    if pid is None:
        pids, counts = np.unique(col["pid"][sel], return_counts=True)
        if not len(pids):
            sys.exit("pelt_vs_trace.py: no %s samples in the trace" % signal)
        pid = int(pids[np.argmax(counts)])
    sel &= col["pid"] == pid
    if not sel.any():
        sys.exit("pelt_vs_trace.py: no %s samples for pid %d" % (signal, pid))
    order = np.argsort(col["ts_ns"][sel], kind="stable")
    ts = col["ts_ns"][sel][order].astype(np.float64) / 1e9
    return (pid, str(col["comm"][sel][0]), ts, col["kernel"][sel][order].astype(np.int64),
            col["rebuilt"][sel][order].astype(np.int64))


def svg(path, title, ts, kernel, rebuilt):
    w, h, ml, mr, mt, mb = 900, 360, 60, 20, 34, 40
    t0, t1 = ts[0], ts[-1] if ts[-1] > ts[0] else ts[0] + 1e-3
    top = max(64, int(np.ceil(max(kernel.max(), rebuilt.max()) / 64.0)) * 64)
    x = ml + (ts - t0) / (t1 - t0) * (w - ml - mr)

    def y(v):
        return mt + (1 - v / top) * (h - mt - mb)

    def line(v, color, dash):
        pts = " ".join("%.1f,%.1f" % p for p in zip(x, y(v)))
        return ('<polyline fill="none" stroke="%s" stroke-width="1.5"%s points="%s"/>\n'
                % (color, ' stroke-dasharray="4 3"' if dash else "", pts))

    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
           'font-size="12">\n<rect width="100%%" height="100%%" fill="white"/>\n' % (w, h),
           '<text x="%d" y="20">%s</text>\n' % (ml, title),
           '<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888"/>\n'
           % (ml, mt, w - ml - mr, h - mt - mb)]
    for k in range(5):
        v = top * k / 4
        out.append('<text x="%d" y="%.1f" text-anchor="end" font-size="10">%d</text>\n'
                   % (ml - 4, y(v) + 4, v))
        tx = t0 + (t1 - t0) * k / 4
        out.append('<text x="%.1f" y="%d" text-anchor="middle" font-size="10">%.3f s</text>\n'
                   % (ml + (w - ml - mr) * k / 4, h - mb + 14, tx))
    out.append(line(kernel, "#000000", False))
    out.append(line(rebuilt, "#d62728", True))
    for xi, yi in zip(x, y(kernel)):
        out.append('<circle cx="%.1f" cy="%.1f" r="2" fill="#000000"/>\n' % (xi, yi))
    out.append('<text x="%d" y="%d">kernel (sched_pelt_se)</text>\n' % (ml, h - 8))
    out.append('<text x="%d" y="%d" fill="#d62728">libpgov rebuild</text>\n' % (ml + 200, h - 8))
    out.append("</svg>\n")
    with open(path, "w") as f:
        f.writelines(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trace")
    ap.add_argument("out")
    ap.add_argument("--pid", type=int)
    ap.add_argument("--kver")
    ap.add_argument("--signal", default="task")
    a = ap.parse_args()
    t = pgov.trace.load(a.trace, kver=a.kver)
    pid, comm, ts, kernel, rebuilt = pick(t.samples, a.signal, a.pid)
    err = np.abs(kernel - rebuilt)
    title = "%s util_avg of pid %d (%s): kernel vs libpgov, %s" % (a.signal, pid, comm, a.trace)
    try:
        import matplotlib
        matplotlib.use("svg")
        import matplotlib.pyplot as plt
    except ImportError:
        svg(a.out, title, ts, kernel, rebuilt)
    else:
        fig, ax = plt.subplots(figsize=(9, 3.6))
        ax.plot(ts, kernel, "k.-", label="kernel (sched_pelt_se)")
        ax.plot(ts, rebuilt, "r--", label="libpgov rebuild")
        ax.set_xlabel("s")
        ax.set_ylabel("util_avg")
        ax.set_title(title, fontsize=9)
        ax.legend()
        fig.savefig(a.out)
    print("pid %d (%s): %d samples, mean |err| %.3f, max |err| %d"
          % (pid, comm, len(ts), err.mean(), err.max()))


if __name__ == "__main__":
    main()
