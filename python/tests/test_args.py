# SPDX-License-Identifier: BSD-2-Clause
"""Every integer argument is checked against its C type before any
conversion (ctypes and numpy casts wrap silently), the task array of
util_est is sized by the input, and pgov.__version__ is the project's."""
import ctypes
import os
import re
import tracemalloc

import numpy as np
import pytest

import pgov
from pgov._native import lib

import vectors

U8, U32, U64 = (0, 2**8 - 1), (0, 2**32 - 1), (0, 2**64 - 1)
NOW = [1_000_000_000, 1_002_000_000]


def refused(call, argument, function):
    """call() raises the argument error of `function` naming `argument`."""
    with pytest.raises(pgov.Error) as e:
        call()
    assert isinstance(e.value, ValueError)
    assert (e.value.name, e.value.code) == ("PGOV_EINVAL", -22)
    assert e.value.function == function and e.value.argument == argument
    assert str(e.value).startswith("%s: PGOV_EINVAL (%s: " % (function, argument))
    return e.value


# ---- the cases of issue 30, item 7: each used to run with a wrapped value

def test_sugov_util_beyond_32_bits_is_refused_not_wrapped():
    e = refused(lambda: pgov.sugov(NOW, util=2**32 + 5, max_freq_khz=3900000), "util",
                "pgov.sugov")
    assert "4294967301 is outside 0..4294967295" in str(e)
    # what it used to run as: util 5, a valid call
    assert len(pgov.sugov(NOW, util=5, max_freq_khz=3900000)) == 2


def test_sugov_flags_beyond_32_bits_do_not_turn_on_iowait():
    refused(lambda: pgov.sugov(NOW, [300, 300], flags=2**32 + 1, max_freq_khz=3900000), "flags",
            "pgov.sugov")


def test_sugov_negative_max_freq_is_refused():
    e = refused(lambda: pgov.sugov(NOW, [300, 300], max_freq_khz=-1), "max_freq_khz",
                "pgov.sugov")
    assert "-1 is outside 0..4294967295" in str(e)


def test_pelt_running_beyond_32_bits_is_refused():
    refused(lambda: pgov.pelt(NOW, 1, 1, running=2**32), "running", "pgov.pelt")


def test_pelt_negative_start_is_refused():
    e = refused(lambda: pgov.pelt(NOW, 1, 1, 1, start=-5), "start", "pgov.pelt")
    assert "-5 is outside 0..18446744073709551615" in str(e)


def test_pelt_halflife_beyond_32_bits_is_refused_not_32():
    refused(lambda: pgov.pelt(NOW, 1, 1, 1, halflife=2**40 + 32), "halflife", "pgov.pelt")


def test_util_est_sleep_257_is_refused_not_1():
    refused(lambda: pgov.util_est(["enq", "deq"], [0, 300], [0, 300], sleep=257), "sleep",
            "pgov.util_est")


def test_util_est_task_index_does_not_size_an_allocation():
    tracemalloc.start()
    try:
        e = refused(lambda: pgov.util_est(["enq", "deq"], task=[3_000_000_000] * 2), "task",
                    "pgov.util_est")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "3000000000 is outside 0..1" in str(e)
    assert peak < 1 << 20  # not 3e9 task entries (24 GB)


def test_util_est_task_index_bounds():
    # sparse indices below the number of events are fine, and so are the
    # indices of the tasks a state already holds
    r = pgov.util_est(["enq", "enq", "upd"], [0, 0, 0], task=[2, 0, 2])
    assert len(r.final[1]) == 3
    more = pgov.util_est(["enq"], task=[2], state=r.final)
    assert len(more.final[1]) == 3
    refused(lambda: pgov.util_est(["enq"], task=[3], state=r.final), "task", "pgov.util_est")
    refused(lambda: pgov.util_est(["enq", "enq"], task=[0, 2]), "task", "pgov.util_est")


# ---- the general rule: each integer argument at min - 1 and max + 1

def base_call(function, **over):
    if function == "pelt":
        kw = dict(now=NOW, load=1, runnable=1, running=1, weight=1024)
        kw.update(over)
        return pgov.pelt(**kw)
    if function == "sugov":
        kw = dict(now=NOW, util=[300, 400], max_freq_khz=3900000)
        kw.update(over)
        return pgov.sugov(**kw)
    if function == "util_est":
        kw = dict(event=["enq", "deq"], util=[0, 300], runnable=[0, 300])
        kw.update(over)
        return pgov.util_est(**kw)
    kw = dict(events=["enq", "deq"], task=[0, 0], requests=[(300, 900)])
    kw.update(over)
    return pgov.uclamp(**kw)


# (function, argument, range, how the value is passed: scalar or a two-step column)
ARGS = [
    ("pelt", "now", U64, "column"), ("pelt", "load", U64, "column"),
    ("pelt", "runnable", U64, "column"), ("pelt", "running", U32, "column"),
    ("pelt", "weight", U64, "column"), ("pelt", "halflife", U32, "scalar"),
    ("pelt", "start", U64, "scalar"),
    ("sugov", "now", U64, "column"), ("sugov", "util", U32, "column"),
    ("sugov", "flags", U32, "column"), ("sugov", "uclamp_min", U32, "column"),
    ("sugov", "uclamp_max", U32, "column"), ("sugov", "bw_min", U32, "column"),
    ("sugov", "held", U8, "column"), ("sugov", "max_freq_khz", U32, "scalar"),
    ("sugov", "min_khz", U32, "scalar"), ("sugov", "max_khz", U32, "scalar"),
    ("sugov", "max_cap", U32, "scalar"), ("sugov", "rate_limit_ns", U64, "scalar"),
    ("sugov", "tick_ns", U64, "scalar"),
    ("util_est", "event", U8, "column"), ("util_est", "util", U64, "column"),
    ("util_est", "runnable", U64, "column"), ("util_est", "cpu_cap", U64, "column"),
    ("util_est", "sleep", U8, "column"), ("util_est", "nr_queued", U32, "column"),
    ("util_est", "task", (0, 1), "column"),  # below the number of events
    ("util_est", "version", U32, "scalar"), ("util_est", "flags", U32, "scalar"),
    ("uclamp", "events", U8, "column"),
    ("uclamp", "task", (0, 0), "column"),  # below the number of requests
    ("uclamp", "util", U32, "column"), ("uclamp", "nbuckets", U32, "scalar"),
    ("uclamp", "version", U32, "scalar"),
]


def call_with(function, argument, how, v):
    return base_call(function, **{argument: [v, v] if how == "column" else v})


@pytest.mark.parametrize("function,argument,rng,how", ARGS)
def test_integer_argument_just_outside_its_range_is_refused(function, argument, rng, how):
    lo, hi = rng
    for v in (lo - 1, hi + 1):
        e = refused(lambda: call_with(function, argument, how, v), argument, "pgov." + function)
        assert "%d is outside %d..%d" % (v, lo, hi) in str(e)


@pytest.mark.parametrize("function,argument,rng,how", ARGS)
def test_integer_argument_at_its_bounds_reaches_the_library(function, argument, rng, how):
    for v in rng:
        try:
            call_with(function, argument, how, v)
        except pgov.Error as e:
            # refused, if at all, by the library for what it means, not here
            assert e.argument is None and e.function.startswith("pgov_"), e


@pytest.mark.parametrize("which", [0, 1])
def test_uclamp_request_outside_0_1024_is_refused_before_the_int32_cast(which):
    for v in (-1, 1025, 2**32 + 5):
        req = (v, None) if which == 0 else (None, v)
        e = refused(lambda: pgov.uclamp(["enq"], [0], [req]), "requests[0]", "pgov.uclamp")
        assert "%d is outside 0..1024" % v in str(e)
    r = pgov.uclamp(["enq"], [0], [(1024, None) if which == 0 else (None, 0)])
    assert (int(r.min[0]), int(r.max[0])) == ((1024, 1024) if which == 0 else (0, 0))


def test_values_beyond_64_bits_and_mixed_signs_are_refused():
    refused(lambda: pgov.pelt([2**64], 1, 1, 1), "now", "pgov.pelt")
    refused(lambda: pgov.pelt(NOW, 1, 1, 1, weight=[1024, 2**70]), "weight", "pgov.pelt")
    # numpy makes float64 of these: the exact ints are checked, not the floats
    refused(lambda: pgov.sugov(NOW, [-1, 2**63], max_freq_khz=3900000), "util", "pgov.sugov")
    # 2**63 and a negative value fit no C type: not a float in disguise either
    e = refused(lambda: pgov.pelt(NOW, [2**63, -1], 1, 1), "load", "pgov.pelt")
    assert "-1 is outside" in str(e)
    with pytest.raises(TypeError):
        pgov.sugov(NOW, [0.5, 1.0], max_freq_khz=3900000)
    with pytest.raises(TypeError):
        pgov.sugov(NOW, [300, 400], max_freq_khz=3.9e6)


def test_kernel_versions_are_checked():
    refused(lambda: pgov.uclamp(["enq"], [0], [(0, 1024)], version="6.300"), "version",
            "pgov.uclamp")
    refused(lambda: pgov.util_est(["enq"], version="six.nine"), "version", "pgov.util_est")
    refused(lambda: pgov.util_est(["enq"], version=(2**24, 0)), "version", "pgov.util_est")
    a = pgov.util_est(["enq", "deq"], [0, 300], [0, 300], version=(6, 9))
    b = pgov.util_est(["enq", "deq"], [0, 300], [0, 300], version=6 << 8 | 9)
    assert a.contrib.tolist() == b.contrib.tolist()


def test_other_refusals_name_the_argument():
    refused(lambda: pgov.pelt(NOW, 1, 1, 1, flavour="irq"), "flavour", "pgov.pelt")
    refused(lambda: pgov.pelt(NOW, [1, 1, 1], 1, 1), "load", "pgov.pelt")
    refused(lambda: pgov.util_est(["enq", "wake"]), "event", "pgov.util_est")
    refused(lambda: pgov.uclamp(["enq", "wake"], [0, 0], [(0, 1024)]), "events", "pgov.uclamp")
    refused(lambda: pgov.uclamp(["enq"], [0], [(0, 1024)], rt=[True, False]), "rt",
            "pgov.uclamp")


def test_missing_inputs_and_bad_indices_are_named_not_left_to_the_library():
    # each used to reach the library (a NULL array, an index past the
    # tasks) and come back as an unnamed PGOV_EINVAL of pgov_*_batch
    refused(lambda: pgov.pelt(NOW, running=1, flavour="task"), "load", "pgov.pelt")
    refused(lambda: pgov.pelt(NOW, load=1, running=1, flavour="cfs_rq"), "runnable", "pgov.pelt")
    assert len(pgov.pelt(NOW, running=1, flavour="rt")) == 2  # rt reads `running` only
    e = refused(lambda: pgov.uclamp(["enq", "enq"], [0, 2], [(0, 1024), (512, None)]), "task",
                "pgov.uclamp")
    assert "2 is outside 0..1" in str(e)
    assert pgov.uclamp(["enq", "enq"], [0, 1], [(0, 1024), (512, None)]).min.tolist() == [0, 512]


def test_a_refused_argument_leaves_the_state_alone():
    s = pgov.sugov(NOW[:1], [300], max_freq_khz=3900000).final
    before = bytes(s)
    refused(lambda: pgov.sugov(NOW, [300, 2**32], max_freq_khz=3900000, state=s), "util",
            "pgov.sugov")
    assert bytes(s) == before
    u = pgov.util_est(["enq", "deq"], [0, 300], [0, 300]).final
    rq, tasks = bytes(u[0]), u[1].copy()
    refused(lambda: pgov.util_est(["enq", "deq"], [0, 300], [0, 300], sleep=[1, 256], state=u),
            "sleep", "pgov.util_est")
    assert bytes(u[0]) == rq and np.array_equal(u[1], tasks)


def test_library_errors_are_value_errors_without_an_argument():
    with pytest.raises(ValueError) as e:
        pgov.pelt(NOW, 1, 1, 1, halflife=7)  # in range for u32; the library refuses it
    assert e.value.function == "pgov_pelt_init" and e.value.name == "PGOV_ENOTSUP"
    assert e.value.argument is None


# ---- pgov.__version__

def test_version_is_the_librarys():
    lib.pgov_version_string.restype = ctypes.c_char_p
    assert pgov.__version__ == lib.pgov_version_string().decode()
    major, minor, patch = (int(x) for x in pgov.__version__.split("."))
    assert lib.pgov_version() == major << 16 | minor << 8 | patch


def test_version_is_the_projects():
    root = os.path.join(vectors.HERE, "..", "..")
    cmake, pyproject = (os.path.join(root, p) for p in ("CMakeLists.txt",
                                                        os.path.join("python", "pyproject.toml")))
    if not (os.path.exists(cmake) and os.path.exists(pyproject)):
        pytest.skip("source tree not available (installed package)")
    assert re.search(r"project\(pgov VERSION (\S+)", open(cmake).read()).group(1) == \
        pgov.__version__
    assert re.search(r'^version = "([^"]+)"', open(pyproject).read(), re.M).group(1) == \
        pgov.__version__
