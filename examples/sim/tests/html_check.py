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


if __name__ == "__main__":
    a = sys.argv
    if len(a) >= 6 and a[1] == "png":
        check_png(a[2], int(a[3]), int(a[4]), float(a[5]), a[6:])
    elif len(a) >= 5 and a[1] == "dom":
        check_dom(a[2], int(a[3]), [int(i) for i in a[4:]])
    elif len(a) == 5 and a[1] == "shown":
        check_shown(a[2], a[3], a[4])
    else:
        sys.exit(__doc__)
