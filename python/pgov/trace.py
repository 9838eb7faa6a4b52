# SPDX-License-Identifier: BSD-2-Clause
"""Signals of a real scheduler trace, rebuilt by libpgov, as tables.

    t = pgov.trace.load("trace.dat")
    t.samples   # ts_ns, signal, pid, comm, cpu, kernel, rebuilt: one row per kernel sample
    t.signals   # per signal: samples, mean_abs_err, max_abs_err
    w = pgov.trace.workload("trace.dat")
    w.tasks     # pid, comm, start_ns, cpu, policy, parent, exited: one row per task
    w.steps     # pid, kind, t_ns, ns, khz, peer: each task's runs, sleeps, wake-ups in order
    tl = pgov.trace.timeline("trace.dat", pid=94)
                # pid, comm, cpu, state, begin_ns, end_ns: each task's intervals, back to back

The trace is parsed by pgov-trace (examples/trace), the one parser of this
project, run as a program: its TSV output (`signals --format tsv --samples`,
`timeline --format tsv`) and its `workload` text (`pgov-workload 1`) are
the interface. Its parser library is not a versioned ABI (its structs
change with the tool), so Python reads the tool's documented output rather
than mirroring internal structs. Tables are pandas DataFrames when pandas is
installed, else dicts of numpy arrays. The tool is $PGOV_TRACE, or
pgov-trace on PATH.
"""
import os
import re
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


def _frame(cols):
    """A pandas DataFrame of the numpy columns when pandas is installed, else the dict."""
    try:
        import pandas
    except ImportError:
        return cols
    return pandas.DataFrame(cols)


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
    return _frame(cols)


def _run(args, with_stderr=False):
    """The tool's stdout (and stderr); its `file:line: reason` as a TraceError
    when it fails (exit 3, nothing to compare, included)."""
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != 0:
        raise TraceError(p.stderr.strip() or "pgov-trace exited with %d" % p.returncode)
    return (p.stdout, p.stderr) if with_stderr else p.stdout


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
        out, err = _run(args + ["--samples", samples_path], with_stderr=True)
        with open(samples_path) as f:
            sample_rows = _split(f)
    # --format tsv: stdout is the table alone, the summary lines are stderr's
    out = out.splitlines()
    if not out or not out[0].startswith("signal\t"):
        raise TraceError("pgov.trace: pgov-trace's TSV does not start with its header")
    return Trace(_table(sample_rows[0], sample_rows[1:], SAMPLE_COLUMNS),
                 _table(out[0].split("\t"), _split(out[1:]), SIGNAL_COLUMNS),
                 err.splitlines())


# ------------------------------------------------------------ workload

class Workload:
    """`pgov-trace workload`'s statements (docs/trace.md) as tables.

    tasks: one row per task script: pid, comm, start_ns (its first event,
    ns after the trace's first event), cpu (first seen on), policy
    ("cfs", "rt", "dl"), parent (-1: not forked in the trace), exited.
    steps: one row per statement inside a task, in order: pid, kind ("run",
    "sleep", "wait", "wake", "fork", "exit"), t_ns (where it starts on the
    task's own clock: start_ns plus the ns of the task's earlier steps),
    ns (run: CPU time; sleep, wait: blocked time; else 0), khz (run: mean
    frequency, 0 unknown; else 0), peer (wait: the waker, wake/fork: the
    woken/forked task; else -1).
    header: {"source", "cpus", "span_ns"}; first_ns: the trace's first
    event in the trace's clock, ns (rounded to the microsecond).

    The workload leaves out what the scheduler decided: time runnable but
    not running, and where a burst was preempted, so t_ns runs behind the
    recording's clock by the task's runnable time so far."""

    def __init__(self, tasks, steps, header, first_ns):
        self.tasks, self.steps, self.header, self.first_ns = tasks, steps, header, first_ns


# statement inside a task -> how many integers follow it
_STEP_FIELDS = {"run": 2, "sleep": 1, "wait": 2, "wake": 1, "fork": 1, "exit": 0}


def _wl_fail(line, reason):
    raise TraceError("pgov.trace: pgov-workload line %d: %s" % (line, reason))


def _wl_ints(words, n, line):
    if len(words) != n or not all(w.isdigit() for w in words):
        _wl_fail(line, "expected %d unsigned integers, got %r" % (n, " ".join(words)))
    return [int(w) for w in words]


def _wl_task(rest, line):
    """'PID start NS [cpu C] [policy P] [parent PID] comm "NAME"' -> task row."""
    head, sep, comm = rest.partition(' comm "')
    words = head.split()
    if not sep or not comm.endswith('"') or len(words) < 3 or words[1] != "start":
        _wl_fail(line, "bad task line")
    pid, start = _wl_ints([words[0], words[2]], 2, line)
    opt = dict(zip(words[3::2], words[4::2]))
    if len(words) % 2 == 0 or not set(opt) <= {"cpu", "policy", "parent"}:
        _wl_fail(line, "bad task line")
    cpu, parent = (_wl_ints([opt[k]], 1, line)[0] if k in opt else -1 for k in ("cpu", "parent"))
    return [pid, comm[:-1], start, cpu, opt.get("policy", "cfs"), parent, False]


def _parse_workload(text):
    header, tasks, steps, task, t, n = {}, [], [], None, 0, 0
    for n, raw in enumerate(text.splitlines(), 1):
        # a comm may hold '#': task lines are split by _wl_task, not here
        words = raw.split() if raw.startswith("task ") else raw.split("#", 1)[0].split()
        if not words:
            continue
        if n == 1 and raw != "pgov-workload 1":
            _wl_fail(n, "not a pgov-workload 1 text")
        key = words[0]
        if task is None and key in ("cpus", "span"):
            header[key] = _wl_ints(words[1:], 1, n)[0]
        elif task is None and key in ("pgov-workload", "source"):
            header[key] = raw.split(None, 1)[1] if len(words) > 1 else ""
        elif task is None and key == "task":
            task = _wl_task(raw[len("task "):], n)
            tasks.append(task)
            t = task[2]
        elif task is not None and key in _STEP_FIELDS:
            v = _wl_ints(words[1:], _STEP_FIELDS[key], n)
            timed = key in ("run", "sleep", "wait")
            ns = v[0] if timed else 0
            peer = v[-1] if key in ("wait", "wake", "fork") else -1
            steps.append((task[0], key, t, ns, v[1] if key == "run" else 0, peer))
            t += ns
            task[6] = task[6] or key == "exit"
        elif task is not None and key == "end":
            task = None
        else:
            _wl_fail(n, "unexpected %r" % key)
    if task is not None or set(header) != {"pgov-workload", "source", "cpus", "span"}:
        _wl_fail(n, "text ends inside a task or without a header")
    return header, tasks, steps


def _columns(rows, columns):
    return {name: np.array([r[i] for r in rows], dtype=object if kind is str else kind)
            for i, (name, kind) in enumerate(columns.items())}


TASK_COLUMNS = {"pid": np.int64, "comm": str, "start_ns": np.uint64, "cpu": np.int64,
                "policy": str, "parent": np.int64, "exited": np.bool_}
STEP_COLUMNS = {"pid": np.int64, "kind": str, "t_ns": np.uint64, "ns": np.uint64,
                "khz": np.uint64, "peer": np.int64}


def workload(path, *, tool=None):
    """Each task's runs, sleeps and wake-ups in trace `path` (ftrace text,
    trace-cmd report, or trace.dat), from `pgov-trace workload`: a Workload."""
    tool = _tool(tool)
    header, tasks, steps = _parse_workload(_run([tool, "workload", os.fspath(path)]))
    info = _run([tool, "info", os.fspath(path)]).splitlines()
    # "trace: PATH (FORMAT), N CPUs, N events, us timestamps, 4.849767 s .. 5.861346 s"
    m = re.search(r" (\d+)\.(\d{1,9}) s \.\. \d+\.\d+ s$", info[0] if info else "")
    if not m:
        raise TraceError("pgov.trace: unexpected pgov-trace info line %r" % (info[:1],))
    first_ns = int(m.group(1)) * 10**9 + int(m.group(2).ljust(9, "0"))
    hdr = {"source": header["source"], "cpus": header["cpus"], "span_ns": header["span"]}
    return Workload(_frame(_columns(tasks, TASK_COLUMNS)), _frame(_columns(steps, STEP_COLUMNS)),
                    hdr, first_ns)


# ------------------------------------------------------------ timeline

TIMELINE_COLUMNS = {"pid": np.int64, "comm": str, "cpu": np.int64, "state": str,
                    "begin_ns": np.uint64, "end_ns": np.uint64}


def timeline(path, *, pid=None, tool=None):
    """Each task's running, runnable, sleeping and dead intervals in trace
    `path` (ftrace text, trace-cmd report, or trace.dat), from `pgov-trace
    timeline --format tsv` (docs/trace.md): one row per interval [begin_ns,
    end_ns) on the trace's clock, each task's back to back in time order.
    pid: that task's rows alone (an empty table when the trace has none)."""
    args = [_tool(tool), "timeline", os.fspath(path), "--format", "tsv"]
    if pid is not None:
        args += ["--pid", str(int(pid))]
    rows = _split(_run(args).splitlines())
    if not rows:
        raise TraceError("pgov.trace: pgov-trace timeline wrote no header")
    return _table(rows[0], rows[1:], TIMELINE_COLUMNS)
