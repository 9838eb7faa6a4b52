# SPDX-License-Identifier: BSD-2-Clause
"""Signals of a real scheduler trace, rebuilt by libpgov, as tables.

    t = pgov.trace.load("trace.dat")
    t.samples   # ts_ns, signal, pid, comm, cpu, kernel, rebuilt: one row per kernel sample
    t.signals   # per signal: samples, mean_abs_err, max_abs_err

The trace is parsed by pgov-trace (examples/trace), the one parser of this
project, run as a program: its TSV output (`signals --format tsv --samples`)
is the interface. Its parser library is not a versioned ABI (its structs
change with the tool), so Python reads the tool's documented output rather
than mirroring internal structs. Tables are pandas DataFrames when pandas is
installed, else dicts of numpy arrays. The tool is $PGOV_TRACE, or
pgov-trace on PATH.
"""
import os
import shutil
import subprocess
import tempfile

import numpy as np

SAMPLE_COLUMNS = {"ts_ns": np.uint64, "signal": str, "pid": np.int64, "comm": str,
                  "cpu": np.int64, "kernel": np.int64, "rebuilt": np.int64}
SIGNAL_COLUMNS = {"signal": str, "pid": np.int64, "comm": str, "cpu": np.int64, "seed": str,
                  "samples": np.int64, "mean_abs_err": np.float64, "max_abs_err": np.int64}


class TraceError(Exception):
    """pgov-trace rejected the trace; the message is its `file:line: reason`."""


class Trace:
    def __init__(self, samples, signals, summary):
        self.samples, self.signals, self.summary = samples, signals, summary


def _tool(tool):
    tool = tool or os.environ.get("PGOV_TRACE") or shutil.which("pgov-trace")
    if not tool:
        raise FileNotFoundError("pgov.trace: pgov-trace not found (set PGOV_TRACE or PATH)")
    return tool


def _table(header, rows, columns):
    if header != list(columns):
        raise TraceError("pgov.trace: unexpected pgov-trace columns %r" % (header,))
    cols = {}
    for i, (name, kind) in enumerate(columns.items()):
        cells = [r[i] for r in rows]
        if kind is str:
            cols[name] = np.array(cells, dtype=object)
        else:
            # '-' is "not applicable" (pid of a CPU signal, cpu of a task)
            cols[name] = np.array([-1 if c == "-" else c for c in cells]).astype(kind)
    try:
        import pandas
    except ImportError:
        return cols
    return pandas.DataFrame(cols)


def _split(lines):
    return [line.rstrip("\n").split("\t") for line in lines]


def load(path, *, kver=None, halflife=None, warmup=False, cpu_capacity=None, cpu_max_freq=None,
         tool=None):
    """Rebuild the signals of trace `path` (ftrace text, trace-cmd report, or
    trace.dat) and return a Trace. Options are pgov-trace's (kver "6.1",
    halflife 32/16/8, warmup, cpu_capacity {cpu: cap}, cpu_max_freq {cpu: kHz})."""
    args = [_tool(tool), "signals", os.fspath(path), "--format", "tsv"]
    if kver is not None:
        args += ["--kver", str(kver)]
    if halflife is not None:
        args += ["--halflife", str(halflife)]
    if warmup:
        args.append("--warmup")
    for opt, m in (("--cpu-capacity", cpu_capacity), ("--cpu-max-freq", cpu_max_freq)):
        if m:
            args += [opt, ",".join("%s=%d" % (k, v) for k, v in sorted(m.items()))]
    with tempfile.TemporaryDirectory(prefix="pgov-trace-") as d:
        samples_path = os.path.join(d, "samples.tsv")
        p = subprocess.run(args + ["--samples", samples_path], capture_output=True, text=True)
        if p.returncode != 0:
            raise TraceError(p.stderr.strip() or "pgov-trace exited with %d" % p.returncode)
        with open(samples_path) as f:
            sample_rows = _split(f)
    out = p.stdout.splitlines()
    head = next(i for i, line in enumerate(out) if line.startswith("signal\t"))
    end = next((i for i in range(head + 1, len(out)) if "\t" not in out[i]), len(out))
    return Trace(_table(sample_rows[0], sample_rows[1:], SAMPLE_COLUMNS),
                 _table(out[head].split("\t"), _split(out[head + 1:end]), SIGNAL_COLUMNS),
                 out[:head] + out[end:])
