# SPDX-License-Identifier: BSD-2-Clause
"""pgov.trace.load() over pgov-trace, on the recorded traces of examples/trace/tests/traces."""
import os
import re
import shutil

import numpy as np
import pytest

import pgov.trace
import vectors

TRACES = os.path.join(vectors.HERE, "..", "..", "examples", "trace", "tests", "traces")
have_tool = bool(os.environ.get("PGOV_TRACE") or shutil.which("pgov-trace"))
needs_tool = pytest.mark.skipif(not have_tool, reason="pgov-trace not built (set PGOV_TRACE)")


@needs_tool
def test_load_qemu_trace_agrees_with_the_tools_summary():
    t = pgov.trace.load(os.path.join(TRACES, "qemu-6.1.txt"))
    total = next(line for line in t.summary if line.startswith("signals: "))
    n, max_err = map(int, re.match(r"signals: (\d+) samples compared, mean \|err\| [0-9.]+, "
                                   r"max \|err\| (\d+)", total).groups())
    kernel, rebuilt = np.asarray(t.samples["kernel"]), np.asarray(t.samples["rebuilt"])
    assert len(kernel) == n > 1000
    assert int(np.abs(kernel - rebuilt).max()) == max_err
    assert int(np.asarray(t.signals["samples"]).sum()) == n
    assert set(np.asarray(t.samples["signal"])) >= {"task", "cfs"}
    ts = np.asarray(t.samples["ts_ns"])
    assert 4_800_000_000 < int(ts.min()) and int(ts.max()) < 5_900_000_000


@needs_tool
def test_bad_trace_raises_with_file_and_line():
    bad = os.path.join(TRACES, "bad", "bad_number.txt")
    with pytest.raises(pgov.trace.TraceError) as e:
        pgov.trace.load(bad)
    assert str(e.value).startswith(bad + ":1: ")


def test_missing_tool(monkeypatch):
    monkeypatch.delenv("PGOV_TRACE", raising=False)
    monkeypatch.setenv("PATH", "")
    with pytest.raises(FileNotFoundError):
        pgov.trace.load(os.path.join(TRACES, "qemu-6.1.txt"))
