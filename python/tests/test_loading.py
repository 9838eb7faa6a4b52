# SPDX-License-Identifier: BSD-2-Clause
"""Where pgov finds libpgov: $PGOV_LIBRARY (final), else next to the package."""
import os
import shutil
import subprocess
import sys

import pgov

PROBE = "import pgov, sys; sys.stdout.write(pgov.library_path)"


def run(env, cwd):
    return subprocess.run([sys.executable, "-c", PROBE], env=env, cwd=cwd, capture_output=True,
                          text=True)


def test_library_next_to_the_package(tmp_path):
    pkg = tmp_path / "pgov"
    shutil.copytree(os.path.dirname(pgov.__file__), pkg,
                    ignore=shutil.ignore_patterns("__pycache__", "*.so*"))
    shutil.copy(pgov.library_path, pkg / "libpgov.so.0")
    env = {k: v for k, v in os.environ.items() if k not in ("PGOV_LIBRARY", "PYTHONPATH")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    p = run(env, tmp_path)
    assert p.returncode == 0, p.stderr
    assert p.stdout == str(pkg / "libpgov.so.0")


def test_explicit_library_that_does_not_exist_is_an_error(tmp_path):
    env = dict(os.environ, PGOV_LIBRARY=str(tmp_path / "nope.so"),
               PYTHONPATH=os.path.dirname(os.path.dirname(pgov.__file__)))
    p = run(env, tmp_path)
    assert p.returncode != 0
    assert "cannot load libpgov" in p.stderr and "nope.so" in p.stderr
