#!/usr/bin/env python3
"""The site's app icons: favicon.svg drawn as PNG files of the given sizes.

    scripts/site/icons.py FAVICON.svg OUT_DIR 192 512

The favicon is a set of filled rounded rectangles (<rect x y width height rx fill>, in
groups that may carry the fill); that is all this draws, with anti-aliased edges, using
Python's standard library only (zlib for the PNG), so the site builds on any machine
with python3. Anything else in the SVG is an error, not a silently wrong icon.
"""

import struct
import sys
import xml.etree.ElementTree as ET
import zlib

SVG = "{http://www.w3.org/2000/svg}"


def rects(path):
    root = ET.parse(path).getroot()
    _, _, width, height = (float(v) for v in root.get("viewBox").split())
    out = []

    def walk(node, fill):
        fill = node.get("fill", fill)
        tag = node.tag.replace(SVG, "")
        if tag == "rect":
            x, y = float(node.get("x", 0)), float(node.get("y", 0))
            w, h = float(node.get("width")), float(node.get("height"))
            out.append((x, y, w, h, float(node.get("rx", 0)), colour(fill)))
        elif tag not in ("svg", "g"):
            sys.exit(f"icons.py: <{tag}> in {path}: only rect and g are drawn")
        for child in node:
            walk(child, fill)

    walk(root, "#000000")
    return width, height, out


def colour(text):
    if not (text.startswith("#") and len(text) == 7):
        sys.exit(f"icons.py: fill {text!r}: expected #rrggbb")
    return tuple(int(text[i : i + 2], 16) for i in (1, 3, 5))


def coverage(px, py, x0, y0, x1, y1, r):
    """How much of the pixel centred at (px, py) a rounded rectangle covers, from its
    signed distance (in pixels) to the edge."""
    cx = min(max(px, x0 + r), x1 - r)
    cy = min(max(py, y0 + r), y1 - r)
    dx, dy = px - cx, py - cy
    if px < x0 + r or px > x1 - r:
        if py < y0 + r or py > y1 - r:
            d = (dx * dx + dy * dy) ** 0.5 - r
        else:
            d = max(x0 - px, px - x1)
    else:
        d = max(y0 - py, py - y1) if (py < y0 or py > y1) else max(x0 - px, px - x1, y0 - py, py - y1)
    return min(1.0, max(0.0, 0.5 - d))


def draw(width, height, shapes, size):
    sx, sy = size / width, size / height
    pixels = [[(0, 0, 0, 0.0)] * size for _ in range(size)]
    for x, y, w, h, rx, (r, g, b) in shapes:
        x0, y0, x1, y1, rad = x * sx, y * sy, (x + w) * sx, (y + h) * sy, rx * sx
        for row in range(max(0, int(y0) - 1), min(size, int(y1) + 2)):
            line = pixels[row]
            for col in range(max(0, int(x0) - 1), min(size, int(x1) + 2)):
                a = coverage(col + 0.5, row + 0.5, x0, y0, x1, y1, rad)
                if a <= 0:
                    continue
                pr, pg, pb, pa = line[col]
                # "Over", with straight (unpremultiplied) colour.
                oa = a + pa * (1 - a)
                line[col] = (
                    (r * a + pr * pa * (1 - a)) / oa,
                    (g * a + pg * pa * (1 - a)) / oa,
                    (b * a + pb * pa * (1 - a)) / oa,
                    oa,
                )
    raw = bytearray()
    for line in pixels:
        raw.append(0)
        for r, g, b, a in line:
            raw += bytes((round(r), round(g), round(b), round(a * 255)))
    return png(size, size, bytes(raw))


def png(w, h, raw):
    def chunk(kind, data):
        c = kind + data
        return struct.pack(">I", len(data)) + c + struct.pack(">I", zlib.crc32(c) & 0xFFFFFFFF)

    head = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main():
    svg, out, *sizes = sys.argv[1:]
    width, height, shapes = rects(svg)
    for size in map(int, sizes):
        with open(f"{out}/icon-{size}.png", "wb") as f:
            f.write(draw(width, height, shapes, size))


if __name__ == "__main__":
    main()
