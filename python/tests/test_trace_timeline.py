# SPDX-License-Identifier: BSD-2-Clause
"""pgov.trace.timeline() over `pgov-trace timeline`, on the committed recording."""
import os

import numpy as np
import pytest

import pgov.trace
from test_trace import TRACES, needs_tool

TXT = os.path.join(TRACES, "qemu-6.1.txt")


def cols(table):
    return {k: np.asarray(table[k]) for k in pgov.trace.TIMELINE_COLUMNS}


@needs_tool
def test_timeline_columns_and_shape():
    tl = cols(pgov.trace.timeline(TXT))
    assert list(tl) == list(pgov.trace.TIMELINE_COLUMNS)
    n = len(tl["pid"])
    assert n == 1383 and all(len(v) == n for v in tl.values())  # 81 tasks (docs/trace.md)
    assert len(set(tl["pid"])) == 81
    assert tl["begin_ns"].dtype == np.uint64 and tl["cpu"].dtype == np.int64
    assert set(tl["state"]) == {"running", "runnable", "sleeping", "dead"}
    assert set(tl["cpu"]) == {0, 1}
    # the trace's own clock, ns (us text: whole microseconds)
    assert int(tl["begin_ns"].min()) >= 4_849_767_000 and int(tl["end_ns"].max()) == 5_861_346_000
    assert not (tl["begin_ns"] % 1000).any()


@needs_tool
def test_timeline_intervals_of_each_task_are_back_to_back():
    tl = cols(pgov.trace.timeline(TXT))
    pid, begin, end = tl["pid"], tl["begin_ns"].astype(np.int64), tl["end_ns"].astype(np.int64)
    assert (begin <= end).all()
    same = pid[1:] == pid[:-1]
    assert np.array_equal(begin[1:][same], end[:-1][same])  # contiguous, none overlapping
    firsts = np.flatnonzero(np.append(True, ~same))
    assert len(firsts) == len(set(pid))  # each task's rows together
    # every task lasts to the trace's last event; a dead task stays dead
    last = np.append(firsts[1:], len(pid)) - 1
    assert (end[last] == end.max()).all()
    dead = tl["state"] == "dead"
    assert dead.sum() == 70 and np.isin(np.flatnonzero(dead), last).all()


@needs_tool
def test_timeline_pid_keeps_that_task_alone():
    whole = cols(pgov.trace.timeline(TXT))
    tl = cols(pgov.trace.timeline(TXT, pid=94))
    k = whole["pid"] == 94
    for name in tl:
        assert np.array_equal(tl[name], whole[name][k]), name
    # pid 94 (init, forked): starts runnable at its sched_wakeup_new, 128 slices
    assert tl["state"][0] == "runnable" and int(tl["begin_ns"][0]) == 4_856_150_000
    assert int((tl["state"] == "running").sum()) == 128
    assert len(pgov.trace.timeline(TXT, pid=99999)["pid"]) == 0


@needs_tool
def test_timeline_of_a_bad_trace_raises_with_file_and_line():
    bad = os.path.join(TRACES, "bad", "bad_number.txt")
    with pytest.raises(pgov.trace.TraceError) as e:
        pgov.trace.timeline(bad)
    assert str(e.value).startswith(bad + ":1: ")
