# SPDX-License-Identifier: BSD-2-Clause
"""uclamp aggregation over numpy arrays of enqueue/dequeue events (uclamp.h, batch.h)."""
import ctypes

import numpy as np

from . import _check as C
from ._native import check, lib
from ._pelt import _ptr

# enum pgov_uclamp_event (batch.h)
UCLAMP_EVENTS = {"enq": 0, "enqueue": 0, "deq": 1, "dequeue": 1}


class Task(ctypes.Structure):
    """struct pgov_uclamp_task (uclamp.h, fixed layout, 16 bytes)."""
    _fields_ = [("value", ctypes.c_uint16 * 2), ("bucket", ctypes.c_uint8 * 2),
                ("active", ctypes.c_uint8), ("_pad0", ctypes.c_uint8),
                ("req", ctypes.c_uint16 * 2), ("req_flags", ctypes.c_uint8),
                ("_pad1", ctypes.c_uint8 * 3)]


class Limits(ctypes.Structure):
    """struct pgov_uclamp_limits (uclamp.h)."""
    _fields_ = [(n, ctypes.c_uint16) for n in
                ("flags", "tg_min", "tg_max", "sys_min", "sys_max", "rt_default")]


assert ctypes.sizeof(Task) == 16 and ctypes.sizeof(Limits) == 12

_P = ctypes.c_void_p
lib.pgov_uclamp_task_init.argtypes = [ctypes.POINTER(Task), ctypes.c_uint32]
lib.pgov_uclamp_task_set.argtypes = [ctypes.POINTER(Task), ctypes.c_uint32, ctypes.c_int32,
                                     ctypes.c_int32]
lib.pgov_uclamp_batch.argtypes = [ctypes.c_uint32, ctypes.c_uint32, _P, ctypes.c_size_t,
                                  ctypes.c_size_t, _P, _P, ctypes.POINTER(Limits), _P, _P, _P,
                                  _P, ctypes.POINTER(ctypes.c_uint32)]
lib.pgov_uclamp_batch.restype = ctypes.c_int
SET_MIN, SET_MAX, TASK_RT = 1, 2, 4  # PGOV_UCLAMP_SET_MIN/MAX, PGOV_UCLAMP_TASK_RT


class UclampResult:
    """Per step: `min`, `max` (the runqueue's clamps after the event),
    `util` (the step's util clamped by them, when util was given); `warns`:
    kernel WARN conditions hit (dequeues of a task that was not queued)."""

    def __init__(self, mn, mx, util, warns):
        self.min, self.max, self.util, self.warns = mn, mx, util, warns

    def __len__(self):
        return len(self.min)


def uclamp(events, task, requests, *, util=None, rt=None, version=None, nbuckets=0):
    """One runqueue's uclamp aggregation (pgov_uclamp_batch).

    events: "enq"/"deq" (or 0/1) per step; task: index into `requests` per
    step; requests: (min, max) per task, each 0..1024 or None (not
    user-defined: the default); rt: per task, True for an RT task (its MIN
    defaults to the RT boost); util: optional per-step utilization to clamp.
    version: "X.Y" profile (5.3+, default newest); nbuckets 5..20 (0: 5).
    Every integer must fit its C type (events: 0..255; task, util,
    nbuckets: 0..2**32-1) and a request 0..1024, checked before any
    conversion; a task index must be below len(requests). Raises pgov.Error
    (a ValueError) naming the argument, or with the library's error name on
    input it refuses."""
    f = "pgov.uclamp"
    kv = C.kver(f, version or 0)
    nbuckets = C.scalar(f, "nbuckets", nbuckets, C.U32)
    events = list(events)
    for e in events:
        if isinstance(e, str) and e not in UCLAMP_EVENTS:
            C.fail(f, "events", "%r is not one of %s" % (e, ", ".join(UCLAMP_EVENTS)))
    ev = [UCLAMP_EVENTS[e] if isinstance(e, str) else e for e in events]
    n = len(ev)
    ev = C.column(f, "events", np.array(ev, dtype=object) if n else np.zeros(0, np.uint8), n,
                  np.uint8)
    # an index past `requests` would be the library's unnamed PGOV_EINVAL
    idx = C.column(f, "task", task, n, np.uint32, (0, max(len(requests), 1) - 1))
    u = C.column(f, "util", util, n, np.uint32)
    if rt is not None and len(rt) != len(requests):
        C.fail(f, "rt", "has %d entries, expected one per request (%d)" % (len(rt), len(requests)))
    reqs = []
    for i, r in enumerate(requests):
        if len(r) != 2:
            C.fail(f, "requests[%d]" % i, "%r is not a (min, max) pair" % (r,))
        reqs.append([None if v is None else C.scalar(f, "requests[%d]" % i, v, (0, 1024))
                     for v in r])
    tasks = (Task * max(len(reqs), 1))()
    for i, (mn, mx) in enumerate(reqs):
        check("pgov_uclamp_task_init",
              lib.pgov_uclamp_task_init(ctypes.byref(tasks[i]), TASK_RT if rt and rt[i] else 0))
        which = (SET_MIN if mn is not None else 0) | (SET_MAX if mx is not None else 0)
        if which:
            check("pgov_uclamp_task_set",
                  lib.pgov_uclamp_task_set(ctypes.byref(tasks[i]), which,
                                           -1 if mn is None else mn, -1 if mx is None else mx))
    mn, mx = np.empty(n, np.uint16), np.empty(n, np.uint16)
    uo = None if u is None else np.empty(n, np.uint32)
    warns = ctypes.c_uint32(0)
    check("pgov_uclamp_batch",
          lib.pgov_uclamp_batch(kv, nbuckets, ctypes.addressof(tasks), len(requests),
                                n, _ptr(idx), _ptr(ev), None, _ptr(u), _ptr(mn), _ptr(mx),
                                _ptr(uo), ctypes.byref(warns)))
    return UclampResult(mn, mx, uo, warns.value)
