# SPDX-License-Identifier: BSD-2-Clause
"""PELT signals over numpy arrays (include/pgov/pelt.h, batch.h)."""
import ctypes

import numpy as np

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


def init(now, halflife=0):
    """A fresh signal (pgov_pelt_init): sums 0, last_update_time = now."""
    sa = Avg()
    check("pgov_pelt_init", lib.pgov_pelt_init(ctypes.byref(sa), now, halflife))
    return sa


def update(sa, now, load, runnable, running, weight):
    """One update (pgov_pelt_update), in place; 1 when the averages were recomputed."""
    return check("pgov_pelt_update",
                 lib.pgov_pelt_update(ctypes.byref(sa), now, load, runnable, running, weight))


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


def _column(values, n, dtype, what):
    if values is None:
        return None
    a = np.asarray(values)
    if a.ndim == 0:
        a = np.full(n, a, dtype=dtype)
    if a.shape != (n,):
        raise ValueError("pgov.pelt: %s has shape %s, expected (%d,)" % (what, a.shape, n))
    if a.dtype.kind not in "uib":
        raise TypeError("pgov.pelt: %s must be integers, not %s" % (what, a.dtype))
    if a.dtype.kind == "i" and a.size and a.min() < 0:
        raise ValueError("pgov.pelt: %s has negative values" % what)
    return np.ascontiguousarray(a, dtype=dtype)


def _ptr(a):
    return None if a is None else a.ctypes.data


def pelt(now, load=None, runnable=None, running=None, weight=1024, *, flavour="entity",
         halflife=0, start=None, state=None):
    """Run one PELT signal over arrays of update times and inputs.

    now: ns (uint64) per step; load, runnable, running, weight: arrays of the
    same length or scalars (see batch.h for what each flavour reads; rt/dl
    read only `running`). The signal starts at `start` (default now[0]) with
    the given half-life (0/32, 16, 8), or continues `state` (a Result.final).
    Raises pgov.Error with the library's error name on invalid input; no
    result is produced then."""
    if flavour not in FLAVOURS:
        raise ValueError("pgov.pelt: flavour must be one of %s" % ", ".join(FLAVOURS))
    fl = FLAVOURS[flavour]
    now = _column(now, np.size(now), np.uint64, "now")
    n = now.shape[0]
    if state is None:
        sa = init(int(now[0]) if start is None and n else int(start or 0), halflife)
    else:
        # an Avg (Result.final) or one row of Result.states
        sa = Avg.from_buffer_copy(state if isinstance(state, Avg) else np.asarray(state).tobytes())
    load = _column(load, n, np.uint64, "load")
    runnable = _column(runnable, n, np.uint64, "runnable")
    running = _column(running if running is not None else 0, n, np.uint32, "running")
    weight = None if fl >= FLAVOURS["cfs_rq"] else _column(weight, n, np.uint64, "weight")
    states = np.empty(n, dtype=AVG_DTYPE)
    recomputed = np.empty(n, dtype=np.bool_)
    check("pgov_pelt_batch",
          lib.pgov_pelt_batch(ctypes.byref(sa), fl, n, _ptr(now), _ptr(load), _ptr(runnable),
                              _ptr(running), _ptr(weight), _ptr(states), _ptr(recomputed)))
    return Result(states, recomputed, sa)
