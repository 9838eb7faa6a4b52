# SPDX-License-Identifier: BSD-2-Clause
"""The Python examples of README.md and docs/python.md run as written (from
the repository root, against the committed recording) and print what the
page shows; docs/python.md documents every public name with its signature."""
import inspect
import os
import re
import subprocess
import sys

import pytest

import pgov
import pgov.trace
import vectors
from test_trace import needs_tool

ROOT = os.path.normpath(os.path.join(vectors.HERE, "..", ".."))
README = os.path.join(ROOT, "README.md")
PYTHON_MD = os.path.join(ROOT, "docs", "python.md")


def examples(path):
    """[(code, expected stdout or None)]: each ```python block, and the
    ```text block that follows it (blank lines between) as its output."""
    lines = open(path).read().split("\n")
    out, i = [], 0

    def block(start):
        end = lines.index("```", start)
        return "\n".join(lines[start:end]) + "\n", end + 1

    while i < len(lines):
        if lines[i] != "```python":
            i += 1
            continue
        code, i = block(i + 1)
        j = i
        while j < len(lines) and not lines[j].strip():
            j += 1
        expected = None
        if j < len(lines) and lines[j] == "```text":
            expected, i = block(j + 1)
        out.append((code, expected))
    return out


def run(code):
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    return p.stdout


@needs_tool
def test_readme_python_example_prints_what_readme_shows(capsys):
    ex = examples(README)
    assert len(ex) == 1 and ex[0][1] is not None  # one example, with its output
    code, expected = ex[0]
    assert "pgov.trace" in code and "pgov.pelt" in code
    got = run(code)
    assert got == expected
    with capsys.disabled():
        sys.stderr.write("\nREADME python example: " + got.replace("\n", " | ") + "\n")


@needs_tool
def test_python_md_examples_print_what_the_page_shows(capsys):
    ex = examples(PYTHON_MD)
    assert len(ex) >= 1 and all(e is not None for _, e in ex)
    for code, expected in ex:
        got = run(code)
        assert got == expected
        with capsys.disabled():
            sys.stderr.write("\ndocs/python.md worked example: " + got)
    # the worked example's figure: a task rebuilt from its timeline, close
    # to the kernel (from the workload, without runnable time: 63.3)
    m = re.search(r"from the timeline mean \|err\| ([0-9.]+), max (\d+); pgov-trace's rebuild "
                  r"mean ([0-9.]+), max (\d+)", ex[-1][1])
    mine, tool = float(m.group(1)), float(m.group(3))
    assert tool < 5 < mine < 20


def documented_signatures():
    """{'pgov.pelt': '(now, ...)'} from the page's ## `pgov.NAME(...)` headings."""
    text = open(PYTHON_MD).read()
    return dict(re.findall(r"^## `(pgov\.[a-z_.]+)(\(.*\))`$", text, re.M))


def test_python_md_signatures_are_the_codes():
    doc = documented_signatures()
    functions = {"pgov.pelt": pgov.pelt, "pgov.util_est": pgov.util_est,
                 "pgov.sugov": pgov.sugov, "pgov.uclamp": pgov.uclamp,
                 "pgov.trace.load": pgov.trace.load, "pgov.trace.workload": pgov.trace.workload,
                 "pgov.trace.timeline": pgov.trace.timeline}
    assert set(doc) == set(functions)
    for name, f in functions.items():
        assert doc[name] == str(inspect.signature(f)), name


def test_python_md_names_every_public_name():
    text = open(PYTHON_MD).read()
    names = ["pgov.%s" % n for n in pgov.__all__ if n != "trace"] + ["pgov.__version__"]
    names += ["pgov.trace.%s" % n for n in ("load", "workload", "timeline", "Trace", "Workload",
                                           "TraceError", "SAMPLE_COLUMNS", "SIGNAL_COLUMNS",
                                           "TIMELINE_COLUMNS")]
    names += ["TASK_COLUMNS", "STEP_COLUMNS"]
    missing = [n for n in names if n not in text]
    assert missing == []


def test_readme_python_section_links_the_page():
    readme = open(README).read()
    section = readme.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    assert "docs/python.md" in section and "```python" in section
