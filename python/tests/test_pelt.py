# SPDX-License-Identifier: BSD-2-Clause
"""pgov.pelt() against the library's per-update calls and the golden vectors."""
import ctypes
import os
import re

import numpy as np
import pytest

import pgov
from pgov import _pelt as P
from pgov._native import ERROR_NAMES, lib

import vectors

FIELDS = vectors.PELT_STATE

_u64, _u32 = ctypes.c_uint64, ctypes.c_uint32
_AVG = ctypes.POINTER(P.Avg)
# The per-update flavour functions of pelt.h, called one by one as reference.
for name, args in (("pgov_pelt_update_task", [_u64, _u32, _u32, _u32, _u64]),
                   ("pgov_pelt_update_group_se", [_u64, _u32, _u64, _u32, _u64]),
                   ("pgov_pelt_update_cfs_rq", [_u64, _u64, _u64, _u32]),
                   ("pgov_pelt_update_rt", [_u64, _u32]),
                   ("pgov_pelt_update_dl", [_u64, _u32])):
    getattr(lib, name).argtypes = [_AVG] + args
    getattr(lib, name).restype = ctypes.c_int


def reference(flavour, halflife, start, now, load, runnable, running, weight):
    """States and return values of one per-update C call per step."""
    sa = P.init(start, halflife)
    states, rets = [], []
    for i in range(len(now)):
        t, l, r, x, w = int(now[i]), int(load[i]), int(runnable[i]), int(running[i]), int(weight[i])
        if flavour == "entity":
            rc = lib.pgov_pelt_update(sa, t, l, r, x, w)
        elif flavour == "task":
            # the batch's runnable column is on_rq && !delayed
            rc = lib.pgov_pelt_update_task(sa, t, l, 1 if (l and not r) else 0, x, w)
        elif flavour == "group_se":
            rc = lib.pgov_pelt_update_group_se(sa, t, l, r, x, w)
        elif flavour == "cfs_rq":
            rc = lib.pgov_pelt_update_cfs_rq(sa, t, l, r, x)
        else:
            rc = getattr(lib, "pgov_pelt_update_" + flavour)(sa, t, x)
        assert rc >= 0
        states.append(tuple(getattr(sa, k) for k in FIELDS))
        rets.append(rc)
    return states, rets


def random_inputs(rng, n, flavour):
    # deltas from sub-unit to several half-lives, and some backwards steps
    deltas = rng.choice([1, 700, 1024, 4096, 100_000, 1_000_000, 3_000_000, 40_000_000,
                         2_000_000_000], size=n)
    back = rng.random(n) < 0.03
    now = 5_000_000 + np.cumsum(np.where(back, 0, deltas)).astype(np.uint64)
    now[back] -= np.uint64(500_000)
    flags = lambda: rng.integers(0, 2, n, dtype=np.uint64)
    if flavour in ("task",):
        load, runnable = flags(), flags()
    elif flavour == "group_se":
        load, runnable = flags(), rng.integers(0, 5, n, dtype=np.uint64)
    else:
        load, runnable = rng.integers(0, 3000, n, dtype=np.uint64), rng.integers(0, 5, n, dtype=np.uint64)
    running = rng.integers(0, 2, n, dtype=np.uint32)
    weight = rng.choice([15, 1024, 88761], size=n).astype(np.uint64)
    return now, load, runnable, running, weight


@pytest.mark.parametrize("flavour", list(P.FLAVOURS))
@pytest.mark.parametrize("halflife", [0, 16, 8])
def test_batch_equals_per_update_calls(flavour, halflife):
    rng = np.random.default_rng([P.FLAVOURS[flavour], halflife])
    now, load, runnable, running, weight = random_inputs(rng, 3000, flavour)
    res = pgov.pelt(now, load, runnable, running, weight, flavour=flavour, halflife=halflife,
                    start=1_000_000)
    states, rets = reference(flavour, halflife, 1_000_000, now, load, runnable, running, weight)
    got = [tuple(int(s[k]) for k in FIELDS) for s in res.states]
    assert got == states
    assert res.recomputed.astype(int).tolist() == rets
    assert sum(rets) > 100  # the inputs do cross period boundaries
    assert all(int(h) == halflife for h in res.states["halflife"])


def test_pelt_trace_vectors_exact():
    checked, bad = vectors.replay_pelt_trace()
    assert bad == []
    assert checked == 3167  # every row of tests/vectors/pelt_trace.tsv (README)


def test_continuing_a_state_equals_one_run():
    rng = np.random.default_rng(7)
    now, load, runnable, running, weight = random_inputs(rng, 1000, "entity")
    whole = pgov.pelt(now, load, runnable, running, weight, start=0)
    first = pgov.pelt(now[:400], load[:400], runnable[:400], running[:400], weight[:400], start=0)
    rest = pgov.pelt(now[400:], load[400:], runnable[400:], running[400:], weight[400:],
                     state=first.final)
    again = pgov.pelt(now[400:], load[400:], runnable[400:], running[400:], weight[400:],
                      state=first.states[-1])
    assert np.array_equal(np.concatenate([first.states, rest.states]), whole.states)
    assert np.array_equal(again.states, rest.states)


def test_always_running_task_converges_to_full_util():
    now = np.arange(1, 2001, dtype=np.uint64) * 1_000_000
    res = pgov.pelt(now, 1, 1, 1, 1024, flavour="task", start=0)
    # spec: an always-running entity reaches 1024 (1023/1024 with ms ticks)
    assert 1020 <= int(res["util_avg"][-1]) <= 1024
    assert int(res["util_avg"][0]) == 0


def test_error_unknown_halflife():
    with pytest.raises(pgov.Error) as e:
        pgov.pelt(np.array([1, 2], np.uint64), 1, 1, 1, halflife=7)
    assert e.value.name == "PGOV_ENOTSUP" and e.value.function == "pgov_pelt_init"


def test_error_flag_out_of_range_leaves_state():
    before = P.init(0)
    with pytest.raises(pgov.Error) as e:
        pgov.pelt(np.array([1_000_000, 2_000_000], np.uint64), [1, 2], 1, 1, flavour="task",
                  state=before)
    assert e.value.name == "PGOV_EINVAL" and e.value.code == -22
    assert e.value.function == "pgov_pelt_batch"
    assert e.value.message == lib.pgov_strerror(-22).decode() != ""
    # direct call: outputs and state untouched on error
    sa = P.init(0)
    snapshot = bytes(sa)
    now = np.array([1_000_000, 5_000_000], np.uint64)
    running = np.array([1, 3], np.uint32)
    out = np.full(2, 0xAB, dtype=np.uint8).repeat(64).view(P.AVG_DTYPE)
    out_before = out.tobytes()
    rec = np.full(2, 7, np.uint8)
    rc = lib.pgov_pelt_batch(sa, P.FLAVOURS["rt"], 2, now.ctypes.data, None, None,
                             running.ctypes.data, None, out.ctypes.data, rec.ctypes.data)
    assert rc == -22
    assert bytes(sa) == snapshot and out.tobytes() == out_before and rec.tolist() == [7, 7]


def test_error_corrupt_state():
    sa = P.init(0)
    sa.period_contrib = 1024
    with pytest.raises(pgov.Error) as e:
        pgov.pelt(np.array([1_000_000], np.uint64), 1, 1, 1, state=sa)
    assert e.value.name == "PGOV_EINVAL"


def test_error_unknown_flavour_and_null_array():
    sa = P.init(0)
    now = np.array([1_000_000], np.uint64)
    run = np.ones(1, np.uint32)
    assert lib.pgov_pelt_batch(sa, 6, 1, now.ctypes.data, now.ctypes.data, now.ctypes.data,
                               run.ctypes.data, now.ctypes.data, None, None) == -22
    out = np.empty(1, P.AVG_DTYPE)
    assert lib.pgov_pelt_batch(sa, 0, 1, now.ctypes.data, None, now.ctypes.data,
                               run.ctypes.data, now.ctypes.data, out.ctypes.data, None) == -22  # NULL arrays are PGOV_EINVAL (EFAULT is reserved)
    with pytest.raises(ValueError):
        pgov.pelt(now, 1, 1, 1, flavour="irq")
    with pytest.raises(ValueError):
        pgov.pelt(now, [1, 1], 1, 1)  # wrong length


def test_error_names_match_err_h():
    header = os.path.join(vectors.HERE, "..", "..", "include", "pgov", "err.h")
    if not os.path.exists(header):
        pytest.skip("err.h not available (installed package)")
    enum = dict((int(v), n) for n, v in re.findall(r"\b(PGOV_E[A-Z0-9]+) = (-\d+)",
                                                   open(header).read()))
    assert enum == ERROR_NAMES
    for code, name in enum.items():
        assert pgov.Error(code, "f", "m").name == name
