# SPDX-License-Identifier: BSD-2-Clause
"""pgov.trace.workload() over `pgov-trace workload`, on the committed recording."""
import os
import subprocess

import numpy as np
import pytest

import pgov.trace
from test_trace import TRACES, needs_tool

TXT = os.path.join(TRACES, "qemu-6.1.txt")


def cols(table, names):
    return {k: np.asarray(table[k]) for k in names}


def render(w):
    """The tables written back as the tool's task scripts (docs/trace.md)."""
    t = cols(w.tasks, pgov.trace.TASK_COLUMNS)
    s = cols(w.steps, pgov.trace.STEP_COLUMNS)
    lines = []
    for i in range(len(t["pid"])):
        line = "task %d start %d" % (t["pid"][i], t["start_ns"][i])
        line += " cpu %d" % t["cpu"][i] if t["cpu"][i] >= 0 else ""
        line += " policy %s" % t["policy"][i]
        line += " parent %d" % t["parent"][i] if t["parent"][i] >= 0 else ""
        lines.append(line + ' comm "%s"' % t["comm"][i])
        for j in np.flatnonzero(s["pid"] == t["pid"][i]):
            k = s["kind"][j]
            args = {"run": (s["ns"][j], s["khz"][j]), "sleep": (s["ns"][j],),
                    "wait": (s["ns"][j], s["peer"][j]), "exit": ()}.get(k, (s["peer"][j],))
            lines.append(" ".join([k] + [str(a) for a in args]))
        lines.append("end")
    return lines


@needs_tool
def test_workload_tables_hold_every_line_of_the_tools_text():
    w = pgov.trace.workload(TXT)
    text = subprocess.run([pgov.trace._tool(None), "workload", TXT], capture_output=True,
                          text=True, check=True).stdout.splitlines()
    assert len(text) == 1351  # docs/trace.md: 81 tasks, 1,351 lines
    assert w.header == {"source": TXT, "cpus": 2, "span_ns": 1011579000}
    assert render(w) == text[4:]
    assert len(w.tasks["pid"]) == 81 and int(np.asarray(w.tasks["exited"]).sum()) == 70
    # the first event of the trace: 4.849767 s (us timestamps)
    assert w.first_ns == 4_849_767_000


@needs_tool
def test_workload_steps_follow_each_other_on_the_tasks_clock():
    w = pgov.trace.workload(TXT)
    s = cols(w.steps, pgov.trace.STEP_COLUMNS)
    t = cols(w.tasks, pgov.trace.TASK_COLUMNS)
    for pid, start in zip(t["pid"], t["start_ns"]):
        k = s["pid"] == pid
        t_ns, ns = s["t_ns"][k].astype(np.int64), s["ns"][k].astype(np.int64)
        assert t_ns[0] == start
        assert np.array_equal(t_ns[1:], t_ns[:-1] + ns[:-1])
    # every wait is some task's wake of it, and the other way round
    wait = sorted(zip(s["pid"][s["kind"] == "wait"], s["peer"][s["kind"] == "wait"]))
    wake = sorted(zip(s["peer"][s["kind"] == "wake"], s["pid"][s["kind"] == "wake"]))
    assert wait == wake and len(wait) == 152


@needs_tool
def test_workload_of_a_bad_trace_raises_with_file_and_line():
    bad = os.path.join(TRACES, "bad", "bad_number.txt")
    with pytest.raises(pgov.trace.TraceError) as e:
        pgov.trace.workload(bad)
    assert str(e.value).startswith(bad + ":1: ")


GOOD = 'pgov-workload 1\nsource x\ncpus 1\nspan 10\ntask 7 start 0 comm "a # b"\nrun 5 0\nend\n'


@pytest.mark.parametrize("text,line,why", [
    (GOOD.replace("pgov-workload 1", "pgov-workload 2"), 1, "not a pgov-workload 1 text"),
    (GOOD.replace("run 5 0", "run 5"), 6, "expected 2 unsigned integers"),
    (GOOD.replace("run 5 0", "run -5 0"), 6, "expected 2 unsigned integers"),
    (GOOD.replace("run 5 0", "jump 5"), 6, "unexpected 'jump'"),
    (GOOD.replace("end\n", ""), 6, "text ends inside a task"),
    (GOOD.replace('comm "a # b"', "comm a"), 5, "bad task line"),
    (GOOD.replace("start 0", "start 0 cpu"), 5, "bad task line"),
    ("run 5 0\n", 1, "not a pgov-workload 1 text"),
    ("", 0, "text ends inside a task or without a header"),
    (GOOD.replace("span 10", "span ten"), 4, "expected 1 unsigned integers"),
    (GOOD.replace("cpus 1\n", ""), 6, "text ends inside a task or without a header"),
])
def test_workload_text_is_read_strictly(text, line, why):
    with pytest.raises(pgov.trace.TraceError) as e:
        pgov.trace._parse_workload(text)
    assert str(e.value).startswith("pgov.trace: pgov-workload line %d: %s" % (line, why))


def test_workload_text_comm_keeps_its_hash():
    header, tasks, steps = pgov.trace._parse_workload(GOOD)
    assert tasks == [[7, "a # b", 0, -1, "cfs", -1, False]]
    assert steps == [(7, "run", 0, 5, 0, -1)]
    assert header == {"pgov-workload": "1", "source": "x", "cpus": 1, "span": 10}


def fake_tool(tmp_path, info):
    """A pgov-trace stand-in: GOOD for `workload`, `info` as given."""
    tool = tmp_path / "pgov-trace"
    tool.write_text("#!/bin/sh\nif [ \"$1\" = workload ]; then printf '%%s' '%s'; "
                    "else printf '%%s\\n' '%s'; fi\n" % (GOOD, info))
    tool.chmod(0o755)
    return str(tool)


def test_workload_first_event_from_info_to_the_ns(tmp_path):
    tool = fake_tool(tmp_path, "trace: x (trace.dat), 1 CPUs, 3 events, ns timestamps, "
                               "4.849767 s .. 5.861346 s")
    w = pgov.trace.workload("x", tool=tool)
    assert w.first_ns == 4_849_767_000 and w.header == {"source": "x", "cpus": 1, "span_ns": 10}
    assert list(np.asarray(w.steps["ns"])) == [5]
    with pytest.raises(pgov.trace.TraceError) as e:
        pgov.trace.workload("x", tool=fake_tool(tmp_path, "trace: x, 3 events"))
    assert "unexpected pgov-trace info line" in str(e.value)
