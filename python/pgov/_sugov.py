# SPDX-License-Identifier: BSD-2-Clause
"""schedutil decisions over numpy arrays of samples (include/pgov/sugov.h, batch.h)."""
import ctypes

import numpy as np

from . import _check as C
from ._native import check, lib
from ._pelt import _ptr

# enum pgov_sugov_path (sugov.h)
PATHS = {1: "rate_limited", 2: "unchanged", 3: "commit"}


class Params(ctypes.Structure):
    """struct pgov_sugov_params (sugov.h, fixed layout)."""
    _fields_ = [("rate_limit_ns", ctypes.c_uint64), ("tick_ns", ctypes.c_uint64),
                ("max_cap", ctypes.c_uint32), ("max_freq_khz", ctypes.c_uint32),
                ("min_khz", ctypes.c_uint32), ("max_khz", ctypes.c_uint32),
                ("options", ctypes.c_uint32), ("reserved", ctypes.c_uint32)]


class State(ctypes.Structure):
    """struct pgov_sugov_state (sugov.h, fixed layout); zero is sugov_start's state."""
    _fields_ = [("last_update_ns", ctypes.c_uint64), ("last_freq_update_ns", ctypes.c_uint64),
                ("iowait_boost", ctypes.c_uint32), ("pending", ctypes.c_uint32),
                ("next_freq", ctypes.c_uint32), ("cached_raw_freq", ctypes.c_uint32),
                ("need_update", ctypes.c_uint32), ("bw_dl", ctypes.c_uint32)]


assert ctypes.sizeof(Params) == 40 and ctypes.sizeof(State) == 40

_P = ctypes.c_void_p
lib.pgov_sugov_batch.argtypes = [ctypes.POINTER(Params), ctypes.POINTER(State), ctypes.c_size_t,
                                 _P, _P, _P, _P, _P, _P, _P, _P, _P]
lib.pgov_sugov_batch.restype = ctypes.c_int


class SugovResult:
    """`freq`: the committed frequency (kHz) after each step; `path`: each
    step's ::pgov_sugov_path (1 rate_limited, 2 unchanged, 3 commit; names
    in pgov.SUGOV_PATHS); `final`: the State after the last step (pass it as
    `state=` to continue)."""

    def __init__(self, freq, path, final):
        self.freq, self.path, self.final = freq, path, final

    def __len__(self):
        return len(self.freq)


def sugov(now, util, *, max_freq_khz, min_khz=0, max_khz=None, max_cap=1024,
          rate_limit_ns=1_000_000, tick_ns=4_000_000, noninvariant=False, flags=None,
          uclamp_min=None, uclamp_max=None, bw_min=None, held=None, state=None):
    """One schedutil instance's decisions (pgov_sugov_batch) over arrays.

    now: ns per step; util: effective utilization per step (capacity units);
    flags (1 = IOWAIT), uclamp_min/uclamp_max (0..1024), bw_min, held (0/1):
    arrays or scalars, None for the defaults (0, 1024, 0, 0). min_khz/max_khz
    are policy->min/max (max_khz None: max_freq_khz). The state starts fresh (sugov_start)
    or continues `state`. Every integer must fit its C type (now,
    rate_limit_ns, tick_ns: 0..2**64-1; held: 0..255; the others
    0..2**32-1), checked before any conversion. Raises pgov.Error (a
    ValueError) naming the argument, or with the library's error name on
    input it refuses; nothing is produced then."""
    f = "pgov.sugov"
    now = C.column(f, "now", now, np.size(now), np.uint64)
    n = now.shape[0]
    util = C.column(f, "util", util, n, np.uint32)
    cols = [C.column(f, name, v, n, np.uint32) for v, name in
            ((flags, "flags"), (uclamp_min, "uclamp_min"), (uclamp_max, "uclamp_max"),
             (bw_min, "bw_min"))]
    held = C.column(f, "held", held, n, np.uint8)
    max_khz = max_freq_khz if max_khz is None else max_khz
    prm = Params(*[C.scalar(f, name, v, rng) for name, v, rng in
                   (("rate_limit_ns", rate_limit_ns, C.U64), ("tick_ns", tick_ns, C.U64),
                    ("max_cap", max_cap, C.U32), ("max_freq_khz", max_freq_khz, C.U32),
                    ("min_khz", min_khz, C.U32), ("max_khz", max_khz, C.U32))],
                 1 if noninvariant else 0, 0)
    st = State() if state is None else State.from_buffer_copy(state)
    freq = np.empty(n, dtype=np.uint32)
    path = np.empty(n, dtype=np.uint8)
    check("pgov_sugov_batch",
          lib.pgov_sugov_batch(ctypes.byref(prm), ctypes.byref(st), n, _ptr(now), _ptr(util),
                               *[_ptr(c) for c in cols], _ptr(held), _ptr(freq), _ptr(path)))
    return SugovResult(freq, path, st)
