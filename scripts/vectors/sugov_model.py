# SPDX-License-Identifier: BSD-2-Clause
"""The schedutil steps the project-made sugov generators share, written from
spec/pstate.md 9.1 (not from lib/): the iowait boost request on every
callback and its application at an evaluation, in capacity units."""
from splitmix import M64


def s64(x):
    x &= M64
    return x - (1 << 64) if x >> 63 else x


class Boost:
    """One CPU's iowait boost; the subclass sets self.p (tick, cap)."""

    def boost_init(self):
        self.last_update = 0
        self.boost = 0
        self.pending = 0

    def request(self, t, iowait):
        """Steps 1-3: reset after more than a tick, else double once per
        evaluation on IOWAIT; returns the boost after the request."""
        if self.boost and s64(t - self.last_update) > self.p["tick"]:
            self.boost = 128 if iowait else 0
            self.pending = 1 if iowait else 0
        elif iowait and not self.pending:
            self.pending = 1
            self.boost = min(self.boost * 2, 1024) if self.boost else 128
        self.last_update = t
        return self.boost

    def apply(self):
        """Step 4: halve without a new request, drop below 128; the boost in
        capacity units."""
        b = 0
        if self.boost:
            if not self.pending:
                self.boost >>= 1
                if self.boost < 128:
                    self.boost = 0
            if self.boost:
                self.pending = 0
                b = (self.boost * self.p["cap"]) >> 10
        return b


class Policy:
    """The policy side (spec/pstate.md 9.1 steps 7-9); self.p has pmin, pmax."""

    def policy_init(self):
        self.lfu = 0
        self.next_freq = 0
        self.cached = 0

    def select(self, raw, hold, reset_cache=False):
        """The raw cache, the clamp, the hold rule (keep a higher frequency;
        the cache restored, or reset to 0 before 5.10): the next frequency."""
        p = self.p
        prev = self.cached
        if raw == self.cached:
            nf = self.next_freq
        else:
            self.cached = raw
            nf = max(min(raw, p["pmax"]), min(p["pmin"], p["pmax"]))
        if hold and nf < self.next_freq:
            nf = self.next_freq
            self.cached = 0 if reset_cache else prev
        return nf

    def limited(self, t, rate_ns, out):
        """The rate limit: True (and the evaluated-only outputs '-') inside it."""
        if s64(t - self.lfu) >= rate_ns:
            return False
        out["path"] = "rate_limited"
        for k in ("boost_util", "util_eff", "raw_freq", "next_f"):
            out[k] = "-"
        return True

    def commit(self, t, nf):
        """Only a change is committed (and restarts the rate limit)."""
        if nf == self.next_freq:
            return "unchanged"
        self.next_freq = nf
        self.lfu = t
        return "commit"
