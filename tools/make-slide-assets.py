#!/usr/bin/env python3
"""Draws the sample slide pictures in assets/slides/ (CC0, see its README.md).

Python's standard library only: pixels are computed here and written as PNG with zlib,
so the pictures are ours and rebuild the same on every machine. Lettering uses a small
pixel font defined below (5x7 cells), drawn large.

    python3 tools/make-slide-assets.py [OUTPUT_DIR]   (default: assets/slides)
"""
import math
import os
import struct
import sys
import zlib

# A 5x7 pixel font for the letters the pictures use: each glyph is seven rows of five bits.
FONT = {
    "A": ["01110", "10001", "10001", "11111", "10001", "10001", "10001"],
    "B": ["11110", "10001", "10001", "11110", "10001", "10001", "11110"],
    "C": ["01110", "10001", "10000", "10000", "10000", "10001", "01110"],
    "D": ["11110", "10001", "10001", "10001", "10001", "10001", "11110"],
    "E": ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
    "F": ["11111", "10000", "10000", "11110", "10000", "10000", "10000"],
    "G": ["01110", "10001", "10000", "10111", "10001", "10001", "01111"],
    "H": ["10001", "10001", "10001", "11111", "10001", "10001", "10001"],
    "I": ["01110", "00100", "00100", "00100", "00100", "00100", "01110"],
    "K": ["10001", "10010", "10100", "11000", "10100", "10010", "10001"],
    "L": ["10000", "10000", "10000", "10000", "10000", "10000", "11111"],
    "M": ["10001", "11011", "10101", "10101", "10001", "10001", "10001"],
    "N": ["10001", "11001", "10101", "10011", "10001", "10001", "10001"],
    "O": ["01110", "10001", "10001", "10001", "10001", "10001", "01110"],
    "P": ["11110", "10001", "10001", "11110", "10000", "10000", "10000"],
    "R": ["11110", "10001", "10001", "11110", "10100", "10010", "10001"],
    "S": ["01111", "10000", "10000", "01110", "00001", "00001", "11110"],
    "T": ["11111", "00100", "00100", "00100", "00100", "00100", "00100"],
    "U": ["10001", "10001", "10001", "10001", "10001", "10001", "01110"],
    "W": ["10001", "10001", "10001", "10101", "10101", "10101", "01010"],
    "Y": ["10001", "10001", "01010", "00100", "00100", "00100", "00100"],
    " ": ["00000"] * 7,
    "·": ["00000", "00000", "00000", "00100", "00000", "00000", "00000"],
}


class Canvas:
    def __init__(self, width, height, colour):
        self.w, self.h = width, height
        self.px = [list(colour) for _ in range(width * height)]

    def blend(self, x, y, colour, alpha):
        if 0 <= x < self.w and 0 <= y < self.h and alpha > 0:
            p = self.px[y * self.w + x]
            for i in range(3):
                p[i] = round(p[i] + (colour[i] - p[i]) * min(alpha, 1.0))

    def rect(self, x0, y0, x1, y1, colour):
        for y in range(max(0, int(y0)), min(self.h, int(y1))):
            for x in range(max(0, int(x0)), min(self.w, int(x1))):
                self.px[y * self.w + x] = list(colour)

    def disc(self, cx, cy, r, colour):
        # Anti-aliased by coverage of the edge pixel.
        for y in range(max(0, int(cy - r - 1)), min(self.h, int(cy + r + 2))):
            for x in range(max(0, int(cx - r - 1)), min(self.w, int(cx + r + 2))):
                d = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
                self.blend(x, y, colour, r + 0.5 - d)

    def triangle(self, a, b, c, colour):
        xs, ys = [a[0], b[0], c[0]], [a[1], b[1], c[1]]

        def edge(p, q, x, y):
            return (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0])

        area = edge(a, b, *c)
        for y in range(max(0, int(min(ys))), min(self.h, int(max(ys)) + 1)):
            for x in range(max(0, int(min(xs))), min(self.w, int(max(xs)) + 1)):
                # 4x4 samples a pixel: smooth edges.
                inside = 0
                for sy in range(4):
                    for sx in range(4):
                        px, py = x + (sx + 0.5) / 4, y + (sy + 0.5) / 4
                        w0, w1, w2 = edge(b, c, px, py), edge(c, a, px, py), edge(a, b, px, py)
                        if (w0 >= 0 and w1 >= 0 and w2 >= 0) if area > 0 else (w0 <= 0 and w1 <= 0 and w2 <= 0):
                            inside += 1
                self.blend(x, y, colour, inside / 16)

    def lettering(self, text, x, y, cell, colour):
        """Draws `text` in the pixel font with cells of `cell` pixels; returns the width."""
        start = x
        for ch in text:
            glyph = FONT[ch]
            for row, bits in enumerate(glyph):
                for col, bit in enumerate(bits):
                    if bit == "1":
                        self.rect(x + col * cell, y + row * cell, x + (col + 1) * cell, y + (row + 1) * cell, colour)
            x += 6 * cell
        return x - start - cell

    def png(self, path):
        raw = bytearray()
        for y in range(self.h):
            raw.append(0)  # filter: none
            for x in range(self.w):
                raw.extend(self.px[y * self.w + x])

        def chunk(kind, data):
            body = kind + data
            return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

        header = struct.pack(">IIBBBBB", self.w, self.h, 8, 2, 0, 0, 0)  # 8-bit RGB
        with open(path, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) +
                    chunk(b"IEND", b""))


def text_width(text, cell):
    return len(text) * 6 * cell - cell


def sponsor(path):
    """Kestrelbyte Systems, a fictional sponsor: a kestrel of triangles and the wordmark."""
    w, h = 1600, 900
    # One flat colour, #0f2444, the slide's "background" in config/kiosk.json: "contain"
    # leaves bands beside or above the picture, and a gradient here showed its edges as
    # a box (lighter at the top, darker at the bottom) on every screen shape.
    ground = (15, 36, 68)
    c = Canvas(w, h, ground)
    amber, sand, white = (242, 160, 48), (250, 214, 150), (246, 244, 238)
    # The bird: wings and body as triangles around a centre high on the picture.
    cx, cy = w / 2, 300
    c.triangle((cx - 260, cy - 40), (cx - 20, cy + 10), (cx - 60, cy + 90), amber)
    c.triangle((cx + 260, cy - 40), (cx + 20, cy + 10), (cx + 60, cy + 90), amber)
    c.triangle((cx - 45, cy - 70), (cx + 45, cy - 70), (cx, cy + 170), sand)
    c.triangle((cx - 45, cy - 70), (cx + 45, cy - 70), (cx, cy - 120), sand)
    c.disc(cx, cy - 78, 9, ground)
    word, cell = "KESTRELBYTE", 18
    c.lettering(word, (w - text_width(word, cell)) // 2, 540, cell, white)
    sub, cell2 = "SYSTEMS", 10
    c.lettering(sub, (w - text_width(sub, cell2)) // 2, 700, cell2, sand)
    c.rect(w / 2 - 220, 790, w / 2 + 220, 796, amber)
    c.png(path)


def lunch(path):
    """A wide, photo-like table from above (bowls and bread on wood) for "cover": the
    part that matters, the bowls, is right of centre, which the slide's focus keeps."""
    w, h = 2400, 1000
    c = Canvas(w, h, (120, 80, 50))
    for y in range(h):  # wood grain: bands that waver
        for x in range(w):
            t = 0.5 + 0.5 * math.sin((y + 18 * math.sin(x / 140.0)) / 11.0)
            base = (112 + 30 * t, 74 + 20 * t, 44 + 12 * t)
            c.px[y * w + x] = [round(v) for v in base]
    for bx, by, r, food in [(1500, 500, 210, (220, 120, 60)), (1880, 380, 150, (120, 170, 80)),
                            (1850, 720, 130, (230, 200, 90))]:
        c.disc(bx + 14, by + 18, r + 6, (70, 45, 28))  # shadow
        c.disc(bx, by, r, (240, 238, 232))
        c.disc(bx, by, r * 0.78, food)
    c.disc(700, 520, 120, (196, 140, 70))  # bread, left: cropped first on a tall screen
    c.disc(690, 505, 95, (214, 160, 86))
    c.png(path)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "assets", "slides")
    os.makedirs(out, exist_ok=True)
    sponsor(os.path.join(out, "sponsor-kestrelbyte.png"))
    lunch(os.path.join(out, "lunch-table.png"))


if __name__ == "__main__":
    main()
