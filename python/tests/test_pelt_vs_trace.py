# SPDX-License-Identifier: BSD-2-Clause
"""examples/python/pelt_vs_trace.py on the committed real trace."""
import os
import re
import subprocess
import sys

import numpy as np

import pgov.trace
import vectors
from test_trace import TRACES, needs_tool

EXAMPLE = os.path.join(vectors.HERE, "..", "..", "examples", "python", "pelt_vs_trace.py")


@needs_tool
def test_plot_holds_every_sample_of_the_busiest_task(tmp_path):
    trace = os.path.join(TRACES, "qemu-6.1.report.txt")
    out = tmp_path / "util.svg"
    p = subprocess.run([sys.executable, EXAMPLE, trace, str(out), "--kver", "6.1"],
                       capture_output=True, text=True, check=True)
    pid, n, mean, mx = re.match(r"pid (\d+) \(.*\): (\d+) samples, mean \|err\| ([0-9.]+), "
                                r"max \|err\| (\d+)$", p.stdout.strip()).groups()
    # the same figures straight from the tool's samples
    s = pgov.trace.load(trace, kver="6.1").samples
    sig, pids = np.asarray(s["signal"]), np.asarray(s["pid"])
    sel = sig == "task"
    busiest = np.bincount(pids[sel]).argmax()
    assert int(pid) == busiest
    sel &= pids == busiest
    err = np.abs(np.asarray(s["kernel"])[sel] - np.asarray(s["rebuilt"])[sel])
    assert int(n) == sel.sum() > 100
    assert int(mx) == err.max() and abs(float(mean) - err.mean()) < 1e-3
    svg = out.read_text()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    if "matplotlib" not in sys.modules and "<circle" in svg:
        assert svg.count("<circle") == int(n)


@needs_tool
def test_unknown_pid_is_an_error(tmp_path):
    trace = os.path.join(TRACES, "qemu-6.1.report.txt")
    p = subprocess.run([sys.executable, EXAMPLE, trace, str(tmp_path / "x.svg"), "--pid", "999999"],
                       capture_output=True, text=True)
    assert p.returncode != 0 and "no task samples for pid 999999" in p.stderr
    assert not (tmp_path / "x.svg").exists()
