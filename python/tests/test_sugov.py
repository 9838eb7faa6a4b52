# SPDX-License-Identifier: BSD-2-Clause
"""pgov.sugov (pgov_sugov_batch) against the schedutil golden vectors."""
import numpy as np
import pytest

import pgov
import vectors


def scenarios():
    out = {}
    for r in vectors.read_tsv("sugov_iowait.tsv"):
        out.setdefault(r["scenario"], []).append(r)
    return out


def test_sugov_iowait_vectors_exact():
    names = {v: k for k, v in pgov.SUGOV_PATHS.items()}
    rows = 0
    for name, rs in scenarios().items():
        g = lambda k: np.array([int(r[k]) for r in rs], dtype=np.uint64)
        r0 = rs[0]
        assert len({(r["max_cap"], r["max_freq"], r["pol_min"], r["pol_max"], r["rate_limit_ns"],
                     r["tick_nsec"]) for r in rs}) == 1, name
        res = pgov.sugov(g("time_ns"), g("util_cfs"), flags=g("flags"), held=g("held"),
                         max_cap=int(r0["max_cap"]), max_freq_khz=int(r0["max_freq"]),
                         min_khz=int(r0["pol_min"]), max_khz=int(r0["pol_max"]),
                         rate_limit_ns=int(r0["rate_limit_ns"]), tick_ns=int(r0["tick_nsec"]))
        assert list(res.freq) == [int(r["next_freq"]) for r in rs], name
        assert list(res.path) == [names[r["path"]] for r in rs], name
        assert res.final.next_freq == int(rs[-1]["next_freq"])
        rows += len(rs)
    assert rows > 500


def test_continuing_a_state_equals_one_call():
    now = np.arange(20, dtype=np.uint64) * 700_000 + 10**9
    util = (np.arange(20) * 53) % 1024
    whole = pgov.sugov(now, util, max_freq_khz=3900000, min_khz=1600000, flags=now % 3 == 0)
    a = pgov.sugov(now[:7], util[:7], max_freq_khz=3900000, min_khz=1600000, flags=now[:7] % 3 == 0)
    b = pgov.sugov(now[7:], util[7:], max_freq_khz=3900000, min_khz=1600000,
                   flags=now[7:] % 3 == 0, state=a.final)
    assert list(whole.freq) == list(a.freq) + list(b.freq)
    # step 0: util 0 gives raw 0 == the fresh cached_raw_freq, so next_freq stays 0
    assert whole.freq[0] == 0
    assert 1600000 <= whole.freq[1:].min() and whole.freq.max() == 3900000


def test_uclamp_caps_the_request():
    now = np.arange(10, dtype=np.uint64) * 2_000_000 + 10**9
    free = pgov.sugov(now, 1000, max_freq_khz=4000000)
    capped = pgov.sugov(now, 1000, max_freq_khz=4000000, uclamp_max=512)
    assert free.freq[-1] == 4000000
    # 1.25 headroom is applied before the clamp: min(1250 -> 1024, 512) = 512
    assert capped.freq[-1] == 4000000 * 512 // 1024


def test_errors_carry_the_library_name_and_change_nothing():
    now = np.array([10**9, 10**9 + 2_000_000], dtype=np.uint64)
    st = pgov.sugov(now[:1], [300], max_freq_khz=3900000).final
    before = bytes(st)
    with pytest.raises(pgov.Error) as e:
        pgov.sugov(now, [300, 400], max_freq_khz=3900000, uclamp_min=[0, 1025], state=st)
    assert e.value.name == "PGOV_EINVAL" and e.value.function == "pgov_sugov_batch"
    with pytest.raises(pgov.Error):
        pgov.sugov(now, [300, 400], max_freq_khz=0)
    with pytest.raises(pgov.Error):
        pgov.sugov(now, [300, 400], max_freq_khz=3900000, flags=[0, 2])
    assert bytes(st) == before
