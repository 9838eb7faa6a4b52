#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Stage `python`: the pgov Python package (python/) over libpgov.so.
#  1. builds the shared preset (and pgov-trace for pgov.trace), installs python/ with pip into a venv
#     (--system-site-packages: numpy and pytest come from Debian);
#  2. runs pytest from the installed package (any failure fails the stage);
#  3. replays the vector files through Python, bit-exact;
#  4. measures PELT updates/s through numpy arrays with the -O2 library of
#     the release preset (the shared preset is -Og, built for abidw).
# Ends with exactly one line: "python: N vector rows exact, PELT M updates/s".
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian's interpreter: its python3-numpy/python3-pytest are the dependencies.
PY=${PGOV_PYTHON:-/usr/bin/python3}
venv=build/python-venv

cmake --preset shared >/dev/null
cmake --build --preset shared 2>&1 | { grep -vE '^\[[0-9]+/[0-9]+\] ' || true; }
[ "${PIPESTATUS[0]}" -eq 0 ]
export PGOV_LIBRARY="$PWD/build/shared/libpgov.so.0"
# pgov.trace runs pgov-trace (the one trace parser).
cmake --preset dev >/dev/null
cmake --build --preset dev --target pgov-trace >/dev/null
export PGOV_TRACE="$PWD/build/dev/examples/trace/pgov-trace"

rm -rf "$venv" build/python-src
"$PY" -m venv --system-site-packages "$venv"
# From a copy: setuptools builds in the source directory (build/, egg-info).
cp -r python build/python-src
"$venv/bin/pip" install -q --no-build-isolation --no-index build/python-src >build/python-pip.log 2>&1 || {
  cat build/python-pip.log >&2; exit 1; }
# Run from outside the source tree so the installed package is the one imported.
(cd build && PYTHONDONTWRITEBYTECODE=1 "../$venv/bin/python" -m pytest -q -p no:cacheprovider ../python/tests)
rows=$(cd build && PYTHONDONTWRITEBYTECODE=1 "../$venv/bin/python" ../python/tests/vectors.py)

cmake --preset release >/dev/null
cmake --build --preset release --target pgov_shared >/dev/null
# Not `tee /dev/stderr`: when the log is a file, opening /dev/stderr
# truncates it (every earlier stage's output became NUL bytes).
bench=$(cd build && PGOV_LIBRARY="$PWD/release/libpgov.so.0" "../$venv/bin/python" \
        ../bench/python_pelt.py)
printf '%s\n' "$bench" >&2
speed=$(printf '%s\n' "$bench" | tail -n 1 | sed 's/ M updates\/s$//')
echo "python: $rows vector rows exact, PELT $speed M updates/s"
