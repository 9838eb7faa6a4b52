# SPDX-License-Identifier: BSD-2-Clause
"""Loading libpgov.so and turning its result codes into exceptions."""
import ctypes
import ctypes.util
import os

# enum pgov_err of include/pgov/err.h (tests/test_errors.py checks this
# table against the header, so the two cannot drift apart).
ERROR_NAMES = {
    -5: "PGOV_EIO",
    -11: "PGOV_EAGAIN",
    -14: "PGOV_EFAULT",
    -22: "PGOV_EINVAL",
    -28: "PGOV_ENOSPC",
    -33: "PGOV_EDOM",
    -38: "PGOV_ENOSYS",
    -7: "PGOV_E2BIG",
    -95: "PGOV_ENOTSUP",
}


class Error(ValueError):
    """A libpgov call failed, or an argument was refused before any call.
    `name` is the enum pgov_err name (PGOV_EINVAL, ...), `code` its value,
    `function` the C function (or, for a refused argument, the Python one,
    e.g. "pgov.sugov"), `message` the library's pgov_strerror() text (or
    what is wrong with the argument), `argument` the refused argument's
    name (None for the library's own errors). A ValueError, so that bad
    input is one kind of exception whichever side finds it."""

    def __init__(self, code, function, message, argument=None):
        self.code = code
        self.name = ERROR_NAMES.get(code, "PGOV_E%d" % -code)
        self.function = function
        self.message = message
        self.argument = argument
        super().__init__("%s: %s (%s)" % (function, self.name, message))


def _candidates():
    env = os.environ.get("PGOV_LIBRARY")
    if env:
        # An explicit choice is final: a wrong path must not fall back silently.
        return [env]
    here = os.path.dirname(os.path.abspath(__file__))
    found = [os.path.join(here, n) for n in ("libpgov.so.0", "libpgov.so")
             if os.path.exists(os.path.join(here, n))]
    system = ctypes.util.find_library("pgov")
    return found + [system or "libpgov.so.0"]


def _load():
    errors = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            errors.append(str(e))
    raise ImportError("pgov: cannot load libpgov (set PGOV_LIBRARY to its path): "
                      + "; ".join(errors))


lib, library_path = _load()
lib.pgov_strerror.restype = ctypes.c_char_p
lib.pgov_strerror.argtypes = [ctypes.c_int]


def check(function, rc):
    """Return rc if it is not an error, else raise Error."""
    if rc < 0:
        raise Error(rc, function, lib.pgov_strerror(rc).decode())
    return rc
