# SPDX-License-Identifier: BSD-2-Clause
"""util_est over arrays of events (include/pgov/util_est.h, batch.h)."""
import ctypes

import numpy as np

from . import _check as C
from ._native import check, lib
from ._pelt import _ptr

# enum pgov_util_est_event (batch.h), by the names the vector files use
EVENTS = {"enq": 0, "deq": 1, "upd": 2}
EVERY_DEQUEUE = 1  # PGOV_UTIL_EST_EVERY_DEQUEUE


class Cfg(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("kver", ctypes.c_uint32),
                ("flags", ctypes.c_uint32), ("reserved", ctypes.c_uint32)]


class Rq(ctypes.Structure):
    _fields_ = [("enqueued", ctypes.c_uint32), ("mode", ctypes.c_uint32)]


TASK_DTYPE = np.dtype([("enqueued", "<u4"), ("ewma", "<u4")])

_P = ctypes.c_void_p
lib.pgov_util_est_init.argtypes = [ctypes.POINTER(Rq), ctypes.POINTER(Cfg)]
lib.pgov_util_est_init.restype = ctypes.c_int
lib.pgov_util_est_batch.argtypes = [ctypes.POINTER(Rq), _P, ctypes.c_size_t, ctypes.c_size_t,
                                    _P, _P, _P, _P, _P, _P, _P, _P, _P, _P]
lib.pgov_util_est_batch.restype = ctypes.c_int


def kver(version, function="pgov.util_est"):
    """'6.18' or (6, 18) -> PGOV_KVER(6, 18); an int (0..2**32-1) passes through."""
    return C.kver(function, version)


def init(version=0, flags=0, function="pgov.util_est"):
    """A CPU's util_est (pgov_util_est_init) for a kernel version (0 = newest)."""
    rq = Rq()
    cfg = Cfg(ctypes.sizeof(Cfg), kver(version, function), C.scalar(function, "flags", flags, C.U32),
              0)
    check("pgov_util_est_init", lib.pgov_util_est_init(ctypes.byref(rq), ctypes.byref(cfg)))
    return rq


class Result:
    """Per-event states: `task` (structured: enqueued, ewma; the state of
    the event's task), `rq_util_est` (the CPU sum), `contrib` (what that task
    adds to the sum); `final` is (rq, tasks) after the last event, tasks a
    TASK_DTYPE array (pass it as `state=` to continue)."""

    def __init__(self, task, rq_util_est, contrib, final):
        self.task, self.rq_util_est, self.contrib, self.final = task, rq_util_est, contrib, final

    def __len__(self):
        return len(self.task)


def util_est(event, util=0, runnable=0, cpu_cap=1024, sleep=1, nr_queued=0, *, task=None,
             version=0, flags=0, state=None):
    """Run util_est of tasks on one CPU over an array of events.

    event: 'enq'/'deq'/'upd' strings or 0/1/2 (see batch.h); task: the
    index of each event's task (default: all task 0); util, runnable,
    cpu_cap, sleep, nr_queued (tasks still queued after a dequeue, read by
    the v4.17 profile): arrays or scalars, read on dequeues. The CPU runs
    the profile of kernel `version` (e.g. '6.9'; 0 = newest) or continues
    `state` (a Result.final). Every integer must fit its C type (event,
    sleep: 0..255; util, runnable, cpu_cap: 0..2**64-1; nr_queued, flags:
    0..2**32-1), and a task index must be below the number of events (or of
    the tasks in `state`, if more): the task array is sized by the input,
    never by an index. Raises pgov.Error (a ValueError) naming the argument,
    or with the library's error name on input it refuses."""
    f = "pgov.util_est"
    # checked whether or not `state` makes them unused
    version, flags = kver(version, f), C.scalar(f, "flags", flags, C.U32)
    ev = np.asarray(event)
    if ev.dtype.kind in "US":
        names = ev.astype(str)
        bad = ~np.isin(names, list(EVENTS))
        if bad.any():
            C.fail(f, "event", "%r is not one of %s" % (names[bad][0], ", ".join(EVENTS)))
        ev = np.select([names == k for k in EVENTS], list(EVENTS.values()))
    n = ev.shape[0] if ev.ndim else 1
    ev = C.column(f, "event", ev, n, np.uint8)
    sleep = C.column(f, "sleep", sleep, n, np.uint8)
    util = C.column(f, "util", util, n, np.uint64)
    runnable = C.column(f, "runnable", runnable, n, np.uint64)
    cpu_cap = C.column(f, "cpu_cap", cpu_cap, n, np.uint64)
    nr_queued = C.column(f, "nr_queued", nr_queued, n, np.uint32)
    # n events name at most n tasks: indices are below n (or below the
    # number of tasks a state holds), so no index sizes the task array
    cap = max(n, 1 if state is None else len(state[1]), 1)
    idx = None if task is None else C.column(f, "task", task, n, np.uint32, (0, cap - 1))
    ntasks = 1 if idx is None or n == 0 else int(idx.max()) + 1
    if state is None:
        rq, tasks = init(version, flags, f), np.zeros(ntasks, TASK_DTYPE)
    else:
        rq = Rq.from_buffer_copy(state[0])
        tasks = np.array(state[1], TASK_DTYPE)  # a copy: state stays as it was
        if len(tasks) < ntasks:
            tasks = np.concatenate([tasks, np.zeros(ntasks - len(tasks), TASK_DTYPE)])
    task_out = np.empty(n, TASK_DTYPE)
    rq_out = np.empty(n, np.uint32)
    contrib = np.empty(n, np.uint32)
    check("pgov_util_est_batch",
          lib.pgov_util_est_batch(ctypes.byref(rq), _ptr(tasks), len(tasks), n, _ptr(idx),
                                  _ptr(ev), _ptr(sleep), _ptr(util), _ptr(runnable),
                                  _ptr(cpu_cap), _ptr(nr_queued), _ptr(task_out), _ptr(rq_out),
                                  _ptr(contrib)))
    return Result(task_out, rq_out, contrib, (rq, tasks))
