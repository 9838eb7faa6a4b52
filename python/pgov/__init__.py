# SPDX-License-Identifier: BSD-2-Clause
"""libpgov from Python: Linux's CPU-frequency signals, bit-exact, over numpy arrays.

    import pgov
    r = pgov.pelt(now_ns, load=1, runnable=1, running=running, weight=1024)
    r["util_avg"]
    e = pgov.util_est(["enq", "deq"], util=[0, 300], version="6.9")
    f = pgov.sugov(now_ns, util, max_freq_khz=3900000, min_khz=1600000).freq
    c = pgov.uclamp(["enq", "enq", "deq"], task=[0, 1, 0], requests=[(512, None), (0, 700)])

The library is libpgov.so.0, found through $PGOV_LIBRARY, next to this
package, or on the system library path. Errors raise pgov.Error (a
ValueError), whose `name` is the library's error name (PGOV_EINVAL, ...);
an integer argument outside its C type's range is refused before any
conversion, with `argument` naming it.
"""
# The project's version (CMakeLists.txt project VERSION, python/pyproject.toml
# and the library's pgov_version_string(): python/tests/test_args.py checks all).
__version__ = "0.7.0"

from ._native import Error, library_path
from ._pelt import AVG_DTYPE, FLAVOURS, Avg, Result, pelt
from ._util_est import EVENTS, util_est
from ._sugov import PATHS as SUGOV_PATHS, SugovResult, sugov
from ._uclamp import UCLAMP_EVENTS, UclampResult, uclamp
from . import trace

__all__ = ["Error", "library_path", "AVG_DTYPE", "FLAVOURS", "Avg", "Result", "pelt", "EVENTS", "util_est",
           "SUGOV_PATHS", "SugovResult", "sugov", "UCLAMP_EVENTS", "UclampResult", "uclamp",
           "trace"]
