# SPDX-License-Identifier: BSD-2-Clause
"""Argument checks, made before anything reaches ctypes or a numpy cast.

Both wrap out-of-range integers silently (2**32 + 5 as a uint32 is 5, -1
as a uint64 is 2**64 - 1), so every integer argument is compared with the
range of the C type it becomes, exactly (Python ints), and refused with a
pgov.Error (PGOV_EINVAL) that names the argument and the range. What the
library itself checks (a util_est util above 2**31, a half-life that is not
32/16/8, ...) is left to it: its error names the C function instead."""
import numbers

import numpy as np

from ._native import Error

EINVAL = -22
U8, U16, U32, U64 = (0, 2**8 - 1), (0, 2**16 - 1), (0, 2**32 - 1), (0, 2**64 - 1)


def fail(function, argument, detail):
    raise Error(EINVAL, function, "%s: %s" % (argument, detail), argument)


def _is_int(v):
    # bool is an Integral: True counts as 1, as numpy's casts take it
    return isinstance(v, (numbers.Integral, np.integer))


def _in_range(function, argument, lo_val, hi_val, lo, hi):
    if lo_val < lo or hi_val > hi:
        bad = lo_val if lo_val < lo else hi_val
        fail(function, argument, "%d is outside %d..%d" % (bad, lo, hi))


def scalar(function, argument, value, rng):
    """@value as a Python int inside rng = (lo, hi), else pgov.Error."""
    if not _is_int(value):
        raise TypeError("%s: %s must be an integer, not %r" % (function, argument, value))
    v = int(value)
    _in_range(function, argument, v, v, *rng)
    return v


def _dtype_range(dtype):
    info = np.iinfo(dtype)
    return int(info.min), int(info.max)


def column(function, argument, values, n, dtype, rng=None):
    """@values (an array, a sequence or a scalar for every step) as a
    contiguous array of n elements of @dtype, each inside rng (default: the
    range of @dtype); None stays None."""
    if values is None:
        return None
    lo, hi = rng or _dtype_range(dtype)
    a = np.asarray(values)
    if a.dtype.kind in "Of":
        # Python ints beyond 64 bits (object), or signed and unsigned 64-bit
        # values mixed (float64): take the ints back exactly.
        o = np.asarray(values, dtype=object)
        if not all(_is_int(x) for x in o.flat):
            raise TypeError("%s: %s must be integers, not %s" % (function, argument, a.dtype))
        ints = [int(x) for x in o.flat]
        if ints:
            _in_range(function, argument, min(ints), max(ints), lo, hi)
        a = np.array(ints, dtype=dtype).reshape(o.shape)
    elif a.dtype.kind not in "uib":
        raise TypeError("%s: %s must be integers, not %s" % (function, argument, a.dtype))
    elif a.size and not (np.can_cast(a.dtype, dtype, "safe") and (lo, hi) == _dtype_range(dtype)):
        _in_range(function, argument, int(a.min()), int(a.max()), lo, hi)
    if a.ndim == 0:
        return np.full(n, int(a), dtype=dtype)
    if a.shape != (n,):
        fail(function, argument, "has shape %s, expected (%d,)" % (a.shape, n))
    return np.ascontiguousarray(a, dtype=dtype)


def kver(function, version, argument="version"):
    """'6.18', 'v6.18', (6, 18) or PGOV_KVER(6, 18) -> PGOV_KVER(6, 18)
    (kver.h: major << 8 | minor), refusing a minor that would spill into
    the major and anything beyond 32 bits."""
    if _is_int(version):
        return scalar(function, argument, version, U32)
    parts = version.lstrip("v").split(".") if isinstance(version, str) else list(version)
    try:
        if len(parts) < 2 or not all(isinstance(p, str) or _is_int(p) for p in parts[:2]):
            raise ValueError
        major, minor = int(parts[0]), int(parts[1])
    except (TypeError, ValueError):
        fail(function, argument, "%r is not a kernel version such as '6.9'" % (version,))
    if not (0 <= minor <= U8[1] and 0 <= major < 2**24):
        fail(function, argument, "%r: the minor must be in 0..255 and the major in 0..%d"
             % (version, 2**24 - 1))
    return major << 8 | minor
