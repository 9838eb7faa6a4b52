# SPDX-License-Identifier: BSD-2-Clause
"""pgov.util_est() against the library's per-event calls and util_est.tsv."""
import ctypes

import numpy as np
import pytest

import pgov
from pgov import _util_est as U
from pgov._native import lib

import vectors

_RQ = ctypes.POINTER(U.Rq)


class Task(ctypes.Structure):
    _fields_ = [("enqueued", ctypes.c_uint32), ("ewma", ctypes.c_uint32)]


_T = ctypes.POINTER(Task)
for name, args in (("pgov_util_est_enqueue", [_RQ, _T]),
                   ("pgov_util_est_dequeue", [_RQ, _T, ctypes.c_uint32]),
                   ("pgov_util_est_update", [_RQ, _T, ctypes.c_uint32, ctypes.c_uint64,
                                             ctypes.c_uint64, ctypes.c_uint64]),
                   ("pgov_util_est_util_changed", [_RQ, _T]),
                   ("pgov_util_est_task_contrib", [_RQ, _T, ctypes.POINTER(ctypes.c_uint32)])):
    getattr(lib, name).argtypes = args
    getattr(lib, name).restype = ctypes.c_int


def reference(version, flags, task, event, sleep, util, runnable, cap, nr_queued):
    rq = U.init(version, flags)
    tasks = [Task() for _ in range(int(task.max()) + 1)]
    out = []
    for i in range(len(event)):
        t = tasks[int(task[i])]
        if event[i] == 0:
            assert lib.pgov_util_est_enqueue(rq, t) == 0
        elif event[i] == 1:
            assert lib.pgov_util_est_dequeue(rq, t, int(nr_queued[i])) == 0
            assert lib.pgov_util_est_update(rq, t, int(sleep[i]), int(util[i]),
                                            int(runnable[i]), int(cap[i])) >= 0
        else:
            assert lib.pgov_util_est_util_changed(rq, t) == 0
        c = ctypes.c_uint32()
        assert lib.pgov_util_est_task_contrib(rq, t, ctypes.byref(c)) == 0
        out.append((t.enqueued, t.ewma, rq.enqueued, c.value))
    return out


@pytest.mark.parametrize("version", ["6.18", "6.9", "5.7", "4.17"])
@pytest.mark.parametrize("flags", [0, U.EVERY_DEQUEUE])
def test_batch_equals_per_event_calls(version, flags):
    rng = np.random.default_rng([int(version.replace(".", "")), flags])
    n = 4000
    task = rng.integers(0, 3, n, dtype=np.uint32)
    event = rng.choice([0, 1, 2, 2], n).astype(np.uint8)
    sleep = rng.integers(0, 2, n, dtype=np.uint8)
    util = rng.integers(0, 1025, n, dtype=np.uint64)
    runnable = (util + rng.integers(0, 40, n)).astype(np.uint64)
    cap = rng.choice([512, 1024], n).astype(np.uint64)
    nr_queued = rng.integers(0, 3, n, dtype=np.uint32)
    res = pgov.util_est(event, util, runnable, cap, sleep, nr_queued, task=task,
                        version=version, flags=flags)
    got = list(zip(res.task["enqueued"].tolist(), res.task["ewma"].tolist(),
                   res.rq_util_est.tolist(), res.contrib.tolist()))
    expect = reference(version, flags, task, event, sleep, util, runnable, cap, nr_queued)
    assert got == expect
    assert len(set(res.rq_util_est.tolist())) > 50  # the sum really moves


def test_util_est_vectors_exact():
    checked, bad = vectors.replay_util_est()
    assert bad == []
    assert checked == 5064  # every row of tests/vectors/util_est.tsv (README)


def test_continuing_a_state():
    ev = ["enq", "upd", "deq", "enq", "upd", "deq"]
    util = [300, 300, 300, 500, 500, 500]
    whole = pgov.util_est(ev, util, util)
    first = pgov.util_est(ev[:3], util[:3], util[:3])
    rest = pgov.util_est(ev[3:], util[3:], util[3:], state=first.final)
    assert np.array_equal(np.concatenate([first.task, rest.task]), whole.task)
    assert rest.rq_util_est.tolist() == whole.rq_util_est[3:].tolist()
    # v6.18: reset on increase, stored with the flag bit 31
    assert int(whole.task["enqueued"][-1]) == 500 | 1 << 31


def test_error_util_out_of_range_leaves_state():
    first = pgov.util_est(["enq", "deq"], [0, 300], [0, 300])
    before = first.final[1].copy()
    with pytest.raises(pgov.Error) as e:
        pgov.util_est(["enq", "deq"], [0, 1 << 31], 0, state=first.final)
    assert e.value.name == "PGOV_EINVAL" and e.value.function == "pgov_util_est_batch"
    assert np.array_equal(first.final[1], before)


def test_error_unsupported_kernel():
    with pytest.raises(pgov.Error) as e:
        pgov.util_est(["enq"], version="4.14")
    assert e.value.name == "PGOV_ENOTSUP" and e.value.function == "pgov_util_est_init"


def test_error_bad_event():
    with pytest.raises(ValueError):
        pgov.util_est(["enq", "wake"])
    with pytest.raises(pgov.Error) as e:
        pgov.util_est(np.array([0, 3], np.uint8))
    assert e.value.name == "PGOV_EINVAL"
