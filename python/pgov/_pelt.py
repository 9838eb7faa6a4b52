# SPDX-License-Identifier: BSD-2-Clause
"""PELT signals over numpy arrays (include/pgov/pelt.h, batch.h)."""
import ctypes

import numpy as np

from . import _check as C
from ._native import check, lib

# struct pgov_pelt_avg, frozen layout (64 bytes, pelt.h).
AVG_DTYPE = np.dtype([
    ("last_update_time", "<u8"),
    ("load_sum", "<u8"),
    ("runnable_sum", "<u8"),
    ("util_sum", "<u4"),
    ("period_contrib", "<u4"),
    ("load_avg", "<u8"),
    ("runnable_avg", "<u8"),
    ("util_avg", "<u8"),
    ("halflife", "<u4"),
    ("reserved", "<u4"),
], align=True)
assert AVG_DTYPE.itemsize == 64

# enum pgov_pelt_flavour (batch.h)
FLAVOURS = {"entity": 0, "task": 1, "group_se": 2, "cfs_rq": 3, "rt": 4, "dl": 5}


class Avg(ctypes.Structure):
    """struct pgov_pelt_avg, for the per-update calls."""
    _fields_ = [(name, ctypes.c_uint64 if AVG_DTYPE[name] == np.uint64 else ctypes.c_uint32)
                for name in AVG_DTYPE.names]


assert ctypes.sizeof(Avg) == 64

_P = ctypes.c_void_p
_u64, _u32 = ctypes.c_uint64, ctypes.c_uint32
lib.pgov_pelt_init.argtypes = [ctypes.POINTER(Avg), _u64, _u32]
lib.pgov_pelt_init.restype = ctypes.c_int
lib.pgov_pelt_update.argtypes = [ctypes.POINTER(Avg), _u64, _u64, _u64, _u32, _u64]
lib.pgov_pelt_update.restype = ctypes.c_int
lib.pgov_pelt_batch.argtypes = [ctypes.POINTER(Avg), _u32, ctypes.c_size_t,
                                _P, _P, _P, _P, _P, _P, _P]
lib.pgov_pelt_batch.restype = ctypes.c_int


def init(now, halflife=0, function="pgov.pelt", now_name="start"):
    """A fresh signal (pgov_pelt_init): sums 0, last_update_time = now."""
    now = C.scalar(function, now_name, now, C.U64)
    halflife = C.scalar(function, "halflife", halflife, C.U32)
    sa = Avg()
    check("pgov_pelt_init", lib.pgov_pelt_init(ctypes.byref(sa), now, halflife))
    return sa


def update(sa, now, load, runnable, running, weight):
    """One update (pgov_pelt_update), in place; 1 when the averages were recomputed."""
    f = "pgov._pelt.update"
    args = [C.scalar(f, name, v, rng) for name, v, rng in
            (("now", now, C.U64), ("load", load, C.U64), ("runnable", runnable, C.U64),
             ("running", running, C.U32), ("weight", weight, C.U64))]
    return check("pgov_pelt_update", lib.pgov_pelt_update(ctypes.byref(sa), *args))


class Result:
    """Per-step states of one signal: `states` is a structured array with the
    fields of struct pgov_pelt_avg (result["util_avg"] is a column),
    `recomputed` a bool array, `final` the Avg after the last step (pass it
    as `state=` to continue the signal)."""

    def __init__(self, states, recomputed, final):
        self.states, self.recomputed, self.final = states, recomputed, final

    def __getitem__(self, field):
        return self.states[field]

    def __len__(self):
        return len(self.states)


def _ptr(a):
    return None if a is None else a.ctypes.data


def pelt(now, load=None, runnable=None, running=None, weight=1024, *, flavour="entity",
         halflife=0, start=None, state=None):
    """Run one PELT signal over arrays of update times and inputs.

    now: ns (uint64) per step; load, runnable, running, weight: arrays of the
    same length or scalars (see batch.h for what each flavour reads; rt/dl
    read only `running`; the others also need `load` and `runnable`). A step
    whose `now` is behind the previous one only moves the signal's time (the
    kernel's "clock went backwards" rule). The signal starts at `start` (default now[0]) with
    the given half-life (0/32, 16, 8), or continues `state` (a Result.final).
    Every integer must fit its C type (now, load, runnable, weight, start:
    0..2**64-1; running, halflife: 0..2**32-1), checked before any
    conversion. Raises pgov.Error (a ValueError) naming the argument, or
    with the library's error name on input it refuses; no result is
    produced then."""
    f = "pgov.pelt"
    if flavour not in FLAVOURS:
        C.fail(f, "flavour", "%r is not one of %s" % (flavour, ", ".join(FLAVOURS)))
    fl = FLAVOURS[flavour]
    now = C.column(f, "now", now, np.size(now), np.uint64)
    n = now.shape[0]
    # every argument is checked, whether this flavour or `state` uses it
    halflife = C.scalar(f, "halflife", halflife, C.U32)
    start = None if start is None else C.scalar(f, "start", start, C.U64)
    load = C.column(f, "load", load, n, np.uint64)
    runnable = C.column(f, "runnable", runnable, n, np.uint64)
    running = C.column(f, "running", running if running is not None else 0, n, np.uint32)
    weight = C.column(f, "weight", weight, n, np.uint64)
    # what the flavour reads must be given (batch.h): a missing array would
    # reach the library as NULL and come back as an unnamed PGOV_EINVAL (no
    # step reads anything: pelt([], start=t) is how a signal is started)
    for name, v in (("load", load), ("runnable", runnable)):
        if v is None and n and fl < FLAVOURS["rt"]:
            C.fail(f, name, "is read by the %r flavour and must be given" % flavour)
    if fl >= FLAVOURS["cfs_rq"]:
        weight = None
    if state is None:
        sa = init(int(now[0]) if start is None and n else (start or 0), halflife)
    else:
        # an Avg (Result.final) or one row of Result.states
        sa = Avg.from_buffer_copy(state if isinstance(state, Avg) else np.asarray(state).tobytes())
    states = np.empty(n, dtype=AVG_DTYPE)
    recomputed = np.empty(n, dtype=np.bool_)
    check("pgov_pelt_batch",
          lib.pgov_pelt_batch(ctypes.byref(sa), fl, n, _ptr(now), _ptr(load), _ptr(runnable),
                              _ptr(running), _ptr(weight), _ptr(states), _ptr(recomputed)))
    return Result(states, recomputed, sa)
