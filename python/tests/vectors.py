# SPDX-License-Identifier: BSD-2-Clause
"""Replay of tests/vectors/*.tsv through the Python bindings (used by the
pytest suite and by scripts/check.sh stage python)."""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.environ.get("PGOV_VECTORS",
                         os.path.join(HERE, "..", "..", "tests", "vectors"))

PELT_STATE = ("last_update_time", "load_sum", "runnable_sum", "util_sum", "period_contrib",
              "load_avg", "runnable_avg", "util_avg")


def read_tsv(name):
    """Header and data rows of a vector file (comment lines skipped)."""
    header, rows = None, []
    with open(os.path.join(VECTORS, name)) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cells = line.rstrip("\n").split("\t")
            if header is None:
                header = cells
            else:
                rows.append(dict(zip(header, cells)))
    return rows


def replay_pelt_trace():
    """Run every scenario of pelt_trace.tsv as one pgov.pelt() call per
    scenario; returns (rows compared, list of mismatch descriptions)."""
    import pgov
    rows = read_tsv("pelt_trace.tsv")
    scenarios = []
    for r in rows:
        if r["op"] == "init":
            scenarios.append((r, []))
        else:
            scenarios[-1][1].append(r)
    checked, bad = 0, []
    for init, upd in scenarios:
        col = lambda k, dt: np.array([int(r[k]) for r in upd], dtype=dt)
        res = pgov.pelt(col("now_ns", np.uint64), col("load_arg", np.uint64),
                        col("runnable_arg", np.uint64), col("running_arg", np.uint32),
                        col("weight", np.uint64), start=int(init["now_ns"]))
        start = pgov.pelt(np.zeros(0, np.uint64), start=int(init["now_ns"])).final
        for k in PELT_STATE:
            if getattr(start, k) != int(init[k]):
                bad.append("%s init: %s" % (init["scenario"], k))
        checked += 1
        for i, r in enumerate(upd):
            got = res.states[i]
            diff = [k for k in PELT_STATE if int(got[k]) != int(r[k])]
            if int(res.recomputed[i]) != int(r["ret"]):
                diff.append("ret")
            if diff:
                bad.append("%s step %s: %s" % (r["scenario"], r["step"], ", ".join(diff)))
            checked += 1
    return checked, bad


def replay_util_est():
    """Run every (version, scenario) of util_est.tsv as one pgov.util_est()
    call from a fresh state (tasks by the task column); compares the task state, flag, contribution and
    CPU sum of every row (task_util_est and cpu_util are other functions of
    util_est.h, not part of the batch). Returns (rows compared, mismatches)."""
    import pgov
    groups = {}
    for r in read_tsv("util_est.tsv"):
        groups.setdefault((r["version"], r["scenario"]), []).append(r)
    checked, bad = 0, []
    for (version, scenario), rows in groups.items():
        col = lambda k: np.array([0 if r[k] == "-" else int(r[k]) for r in rows], np.uint64)
        # the embedder's bookkeeping: tasks still queued after each dequeue
        queued, nr_queued = set(), []
        for r in rows:
            if r["event"] == "enq":
                queued.add(r["task"])
            elif r["event"] == "deq":
                queued.discard(r["task"])
            nr_queued.append(len(queued))
        res = pgov.util_est([r["event"] for r in rows], col("util_avg"), col("runnable_avg"),
                            col("cpu_cap"), col("sleep"), nr_queued, task=col("task"),
                            version=version)
        v6 = version.startswith("v6")
        for i, r in enumerate(rows):
            enq, ewma = int(res.task["enqueued"][i]), int(res.task["ewma"][i])
            got = {"task_ewma": enq & 0x7fffffff if v6 else ewma,
                   "task_flag": enq >> 31 if v6 else enq & 1,
                   "task_contrib": int(res.contrib[i]),
                   "rq_util_est": int(res.rq_util_est[i])}
            if not v6:
                got["task_enqueued"] = enq
            diff = [k for k, v in got.items() if v != int(r[k])]
            if diff:
                bad.append("%s %s step %s: %s" % (version, scenario, r["step"], ", ".join(diff)))
            checked += 1
    return checked, bad


def main():
    total = 0
    for name, fn in (("pelt_trace.tsv", replay_pelt_trace), ("util_est.tsv", replay_util_est)):
        n, bad = fn()
        for b in bad[:20]:
            print("%s: %s" % (name, b), file=sys.stderr)
        if bad:
            print("%s: %d of %d rows differ" % (name, len(bad), n), file=sys.stderr)
            return 1
        total += n
    print(total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
