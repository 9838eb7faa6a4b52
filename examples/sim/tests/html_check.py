#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Checks of a page rendered by headless chromium (html.sh).

  html_check.py png FILE W H MIN_INK COLOUR...
      FILE is a W x H PNG; at least MIN_INK (a fraction) of its pixels are
      not white, and each COLOUR (#rrggbb, a policy's line colour) covers at
      least 200 pixels: the plots were drawn, not just the page's text.
  html_check.py dom FILE PLOTS INDEX...
      FILE is chromium's --dump-dom of the page: exactly PLOTS <svg
      class="plot"> elements, and those at each INDEX (from 0; negative:
      from the end; the plots over all CPUs and the residency) drew at
      least one point or bar.
  html_check.py shown FILE GROUP CPU
      In the dumped DOM, the chooser of GROUP shows CPU's plots and hides
      every other CPU's (the page's script ran), and its <select> says CPU
      (copied to <body data-sel> by the script html.sh adds).

  html_check.py bisect FILE TSV
      FILE is the dumped DOM of pgov-trace bisect --html, TSV the same
      bisect's --format tsv: one plot with points, one dot per point, and
      each TSV row, in order, a table row and a numbered marker on its
      boundary's release.

A tiny PNG decoder (8-bit RGB or RGBA, not interlaced, every row filter),
so the test needs python3 only.
"""
import re
import struct
import sys
import zlib


def png_pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, hdr = 8, [], None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + n
    w, h, depth, colour, _, _, interlace = hdr
    if depth != 8 or colour not in (2, 6) or interlace:
        sys.exit(f"{path}: PNG depth {depth} colour type {colour} interlace {interlace}: not decoded")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = w * bpp
    prev = bytearray(stride)
    rows = []
    for y in range(h):
        f = raw[y * (stride + 1)]
        cur = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for i in range(bpp, stride):
                cur[i] = (cur[i] + cur[i - bpp]) & 255
        elif f == 2:
            cur = bytearray((a + b) & 255 for a, b in zip(cur, prev))
        elif f == 3:
            for i in range(stride):
                left = cur[i - bpp] if i >= bpp else 0
                cur[i] = (cur[i] + ((left + prev[i]) >> 1)) & 255
        elif f == 4:
            for i in range(stride):
                a = cur[i - bpp] if i >= bpp else 0
                b, c = prev[i], prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                cur[i] = (cur[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(cur)
        prev = cur
    return w, h, bpp, rows


def check_png(path, w, h, min_ink, colours):
    pw, ph, bpp, rows = png_pixels(path)
    if (pw, ph) != (w, h):
        sys.exit(f"{path}: {pw}x{ph}, want {w}x{h}")
    want = {tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)): 0 for c in colours}
    ink = 0
    for row in rows:
        for x in range(0, len(row), bpp):
            px = (row[x], row[x + 1], row[x + 2])
            if px != (255, 255, 255):
                ink += 1
                if px in want:
                    want[px] += 1
    frac = ink / (w * h)
    if frac < min_ink:
        sys.exit(f"{path}: {frac:.4f} of the pixels are not white, want >= {min_ink}")
    for c, n in want.items():
        if n < 200:
            sys.exit(f"{path}: colour #{c[0]:02x}{c[1]:02x}{c[2]:02x} on {n} pixels, want >= 200")
    print(f"{path}: {w}x{h}, {frac:.3f} ink, colours " +
          ", ".join(f"#{c[0]:02x}{c[1]:02x}{c[2]:02x}:{n}" for c, n in want.items()))


def plots(dom):
    return re.findall(r'<svg class="plot" data-points="(\d+)"', dom)


def check_dom(path, nplots, idx):
    dom = open(path).read()
    p = plots(dom)
    if len(p) != nplots:
        sys.exit(f"{path}: {len(p)} plots, want {nplots}")
    empty = [i for i in idx if int(p[i]) == 0]
    if empty:
        sys.exit(f"{path}: plots {empty} drew nothing")
    if "</html>" not in dom or "pgovCpu" not in dom:
        sys.exit(f"{path}: not the whole page")
    print(f"{path}: {len(p)} plots; " + ", ".join(f"[{i}] {p[i]}" for i in idx) + " points")


def check_shown(path, group, cpu):
    dom = open(path).read()
    divs = re.findall(r'<div data-g="%s" data-cpu="(\d+)"( style="[^"]*")?>' % group, dom)
    if not divs:
        sys.exit(f"{path}: no chooser group {group}")
    for c, style in divs:
        hidden = "display:none" in style.replace(" ", "")
        if hidden == (c == cpu):
            sys.exit(f"{path}: cpu{c} is {'hidden' if hidden else 'shown'} with cpu{cpu} chosen")
    # the chooser says it too (html.sh's script copies its value to <body data-sel>)
    if f'data-sel="{cpu}"' not in dom:
        sys.exit(f"{path}: the chooser of {group} does not say cpu{cpu}")
    print(f"{path}: cpu{cpu} of {len(divs)} shown, the others hidden")


def check_bisect(path, tsv):
    """pgov-trace bisect --html: the one plot drew its points (a dot each),
    and every row of the TSV is a row of the table and a marker on the
    plot, in order, the marker on the boundary's release."""
    dom = open(path).read()
    p = plots(dom)
    if len(p) != 1 or int(p[0]) == 0:
        sys.exit(f"{path}: plots {p}, want one with points")
    dots = len(re.findall(r"<circle ", dom))
    if dots != int(p[0]):
        sys.exit(f"{path}: {dots} dots drawn, data-points {p[0]}")
    rows = [l.split("\t") for l in open(tsv).read().splitlines()[1:]]
    trs = re.findall(r'<tr class="brow" data-to="([^"]*)" data-policy="([^"]*)">', dom)
    marks = re.findall(r'<line class="mark" x1="([0-9.]+)"', dom)
    labels = re.findall(r'<text class="marklabel"[^>]*>(\d+): (\S+) -&gt; (\S+) (\S+):', dom)
    if not rows or len(trs) != len(rows) or len(marks) != len(rows) or len(labels) != len(rows):
        sys.exit(f"{path}: {len(rows)} TSV rows, {len(trs)} table rows, {len(marks)} markers, "
                 f"{len(labels)} marker labels")
    # the release labels under the plot: a marker sits on its release's left edge
    ticks = {t: float(x) for x, t in re.findall(
        r'<text x="([0-9.]+)" y="\d+" font-size="11" text-anchor="middle">(\d+\.\d+)</text>', dom)}
    slot = None
    if len(ticks) >= 2:
        xs = sorted(ticks.values())
        slot = min(b - a for a, b in zip(xs, xs[1:]))
    # a marker is on its release's slot's left edge, half a slot (the same
    # for all) left of the release's label; a slot off would be 1.5 or -0.5
    offs = set()
    for i, (r, tr, m, lab) in enumerate(zip(rows, trs, marks, labels)):
        want = (str(i + 1), r[0], r[1], r[2])
        if tr != (r[1], r[2]) or lab != want:
            sys.exit(f"{path}: row {i + 1} {r[:3]}: table {tr}, marker {lab}")
        if r[1] in ticks:
            d = ticks[r[1]] - float(m)
            if not 0 < d <= slot / 2 + 0.2:
                sys.exit(f"{path}: marker {i + 1} at x {m}, release {r[1]} at {ticks[r[1]]}")
            offs.add(round(d))
    if len(offs) > 1:
        sys.exit(f"{path}: markers at different offsets from their releases: {offs}")
    print(f"{path}: 1 plot, {p[0]} points, {len(rows)} boundaries marked")


if __name__ == "__main__":
    a = sys.argv
    if len(a) >= 6 and a[1] == "png":
        check_png(a[2], int(a[3]), int(a[4]), float(a[5]), a[6:])
    elif len(a) >= 5 and a[1] == "dom":
        check_dom(a[2], int(a[3]), [int(i) for i in a[4:]])
    elif len(a) == 4 and a[1] == "bisect":
        check_bisect(a[2], a[3])
    elif len(a) == 5 and a[1] == "shown":
        check_shown(a[2], a[3], a[4])
    else:
        sys.exit(__doc__)
