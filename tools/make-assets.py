#!/usr/bin/env python3
"""Draws Hallboard's pictures into assets/: the two floor maps of the MLSys 2021 sample's
venue, the logo, the wayfinding icons and the application icon. Python 3 standard library
only (PNG written with zlib); nothing is downloaded. Every picture is drawn here, by us,
and is CC0 (assets/README.md).

    tools/make-assets.py [OUTDIR]     # default: assets/ beside tools/
    tools/make-assets.py --check      # exit 1 when assets/ differs (pixels) from what this draws

The floor maps are drawn to the coordinates of data/mlsys2021.venue.json: a point there
at (x, y) is at that pixel here.
"""
import math
import os
import struct
import sys
import tempfile
import zlib

# ---- a small anti-aliased raster ------------------------------------------------------


class Canvas:
    """RGBA pixels drawn at `ss` times the size and averaged down: smooth edges."""

    def __init__(self, w, h, ss=1, background=(0, 0, 0, 0), unit=1):
        """A picture of w x h drawing units, each `unit` pixels across in the file."""
        self.w, self.h, self.ss, self.unit = w * unit, h * unit, ss, unit
        self.W, self.H = self.w * ss, self.h * ss
        self.px = bytearray(bytes(background) * (self.W * self.H))

    def _put(self, x, y, c):
        i = (y * self.W + x) * 4
        a = c[3] / 255.0
        if a >= 1.0:
            self.px[i:i + 4] = bytes(c)
            return
        p = self.px
        da = p[i + 3] / 255.0
        oa = a + da * (1 - a)
        if oa <= 0:
            return
        for k in range(3):
            p[i + k] = int(round((c[k] * a + p[i + k] * da * (1 - a)) / oa))
        p[i + 3] = int(round(oa * 255))

    def rect(self, x0, y0, x1, y1, c):
        s = self.ss * self.unit
        X0, Y0 = max(0, int(round(x0 * s))), max(0, int(round(y0 * s)))
        X1, Y1 = min(self.W, int(round(x1 * s))), min(self.H, int(round(y1 * s)))
        if c[3] == 255:
            row = bytes(c) * max(0, X1 - X0)
            for y in range(Y0, Y1):
                i = (y * self.W + X0) * 4
                self.px[i:i + len(row)] = row
        else:
            for y in range(Y0, Y1):
                for x in range(X0, X1):
                    self._put(x, y, c)

    def frame(self, x0, y0, x1, y1, t, c):
        self.rect(x0, y0, x1, y0 + t, c)
        self.rect(x0, y1 - t, x1, y1, c)
        self.rect(x0, y0, x0 + t, y1, c)
        self.rect(x1 - t, y0, x1, y1, c)

    def shape(self, inside, bbox, c):
        """Fills every (super)pixel whose centre satisfies inside(x, y) in drawing units."""
        s = self.ss * self.unit
        x0, y0, x1, y1 = bbox
        for Y in range(max(0, int(y0 * s) - 1), min(self.H, int(math.ceil(y1 * s)) + 1)):
            y = (Y + 0.5) / s
            for X in range(max(0, int(x0 * s) - 1), min(self.W, int(math.ceil(x1 * s)) + 1)):
                if inside((X + 0.5) / s, y):
                    self._put(X, Y, c)

    def circle(self, cx, cy, r, c, inner=0.0):
        self.shape(lambda x, y: inner * inner <= (x - cx) ** 2 + (y - cy) ** 2 <= r * r,
                   (cx - r, cy - r, cx + r, cy + r), c)

    def polygon(self, pts, c):
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]

        def inside(x, y):
            hit = False
            j = len(pts) - 1
            for i in range(len(pts)):
                (xi, yi), (xj, yj) = pts[i], pts[j]
                if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                    hit = not hit
                j = i
            return hit
        self.shape(inside, (min(xs), min(ys), max(xs), max(ys)), c)

    def line(self, x0, y0, x1, y1, t, c):
        dx, dy = x1 - x0, y1 - y0
        n = math.hypot(dx, dy) or 1.0
        ox, oy = -dy / n * t / 2, dx / n * t / 2
        self.polygon([(x0 + ox, y0 + oy), (x1 + ox, y1 + oy), (x1 - ox, y1 - oy), (x0 - ox, y0 - oy)], c)

    def pixels(self):
        """The picture at its size: each ss x ss block averaged (premultiplied)."""
        s = self.ss
        if s == 1:
            return bytes(self.px)
        out = bytearray(self.w * self.h * 4)
        p, W, n = self.px, self.W, s * s
        for y in range(self.h):
            for x in range(self.w):
                r = g = b = a = 0
                for yy in range(y * s, y * s + s):
                    i = (yy * W + x * s) * 4
                    for _ in range(s):
                        al = p[i + 3]
                        r += p[i] * al
                        g += p[i + 1] * al
                        b += p[i + 2] * al
                        a += al
                        i += 4
                o = (y * self.w + x) * 4
                if a:
                    out[o:o + 4] = bytes((round(r / a), round(g / a), round(b / a), round(a / n)))
        return bytes(out)


def png_bytes(w, h, rgba):
    raw = b"".join(b"\x00" + rgba[y * w * 4:(y + 1) * w * 4] for y in range(h))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def png_pixels(data):
    """(width, height, RGBA bytes) of a PNG this script wrote (8-bit RGBA, filter 0)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, w, h = 8, b"", 0, 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, colour = struct.unpack(">IIBB", body[:10])
            if (depth, colour) != (8, 6):
                raise ValueError("not 8-bit RGBA")
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * 4 + 1
    if len(raw) != stride * h or any(raw[y * stride] != 0 for y in range(h)):
        raise ValueError("unexpected PNG layout")
    return w, h, b"".join(raw[y * stride + 1:(y + 1) * stride] for y in range(h))


# ---- colours ---------------------------------------------------------------------------

INK = (30, 41, 59, 255)          # walls
FLOOR = (241, 245, 249, 255)     # open floor, corridors
ROOM = (203, 213, 225, 255)      # rooms
HALL = (191, 219, 254, 255)      # the session rooms, blue
STAIRS = (253, 230, 138, 255)
LIFT = (187, 247, 208, 255)
ACCENT = (37, 99, 235, 255)      # Hallboard blue
WHITE = (255, 255, 255, 255)
CLEAR = (0, 0, 0, 0)

# ---- floor maps: 960 x 600 pixels, 0.05 m a pixel (48 m x 30 m) -------------------------

MAP_W, MAP_H = 960, 600


def stairs_symbol(c, x0, y0, x1, y1):
    c.rect(x0, y0, x1, y1, STAIRS)
    for i in range(1, 8):
        y = y0 + (y1 - y0) * i / 8
        c.rect(x0 + 6, y - 2, x1 - 6, y + 2, INK)
    c.frame(x0, y0, x1, y1, 4, INK)


def lift_symbol(c, x0, y0, x1, y1):
    c.rect(x0, y0, x1, y1, LIFT)
    c.frame(x0, y0, x1, y1, 4, INK)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    c.polygon([(cx, cy - 36), (cx - 18, cy - 8), (cx + 18, cy - 8)], INK)
    c.polygon([(cx, cy + 36), (cx - 18, cy + 8), (cx + 18, cy + 8)], INK)


def room(c, x0, y0, x1, y1, fill, doors):
    """A room with walls 6 px thick; each door a gap (x0, y0, x1, y1) cut in a wall."""
    c.rect(x0, y0, x1, y1, fill)
    c.frame(x0, y0, x1, y1, 6, INK)
    for d in doors:
        c.rect(*d, fill)


def building(c):
    c.rect(0, 0, MAP_W, MAP_H, CLEAR)
    c.rect(40, 40, 920, 560, FLOOR)
    c.frame(40, 40, 920, 560, 10, INK)
    # the corridor's edge, a thin line either side
    c.rect(50, 258, 910, 260, ROOM)
    c.rect(50, 340, 910, 342, ROOM)
    stairs_symbol(c, 680, 60, 780, 250)
    lift_symbol(c, 800, 60, 900, 160)


def ground_floor():
    c = Canvas(MAP_W, MAP_H, 1)
    building(c)
    room(c, 60, 60, 460, 254, ROOM, [(240, 248, 290, 256)])            # poster hall, door at (265, 254)
    room(c, 480, 60, 640, 254, ROOM, [(540, 248, 580, 256)])           # cloakroom and toilets
    room(c, 60, 346, 280, 540, ROOM, [(150, 344, 190, 352)])           # registration
    room(c, 680, 346, 900, 540, ROOM, [(770, 344, 810, 352)])          # cafe
    c.rect(440, 550, 520, 562, FLOOR)                                  # the entrance, a gap in the outer wall
    c.polygon([(480, 520), (462, 548), (498, 548)], ACCENT)            # way in
    return c


def first_floor():
    c = Canvas(MAP_W, MAP_H, 1)
    building(c)
    room(c, 60, 60, 640, 254, HALL, [(320, 248, 360, 256)])            # main room, door at (340, 254)
    room(c, 60, 346, 440, 540, ROOM, [(230, 344, 270, 352)])           # workshop room
    room(c, 460, 346, 900, 540, ROOM, [(660, 344, 700, 352)])          # coffee and sponsors
    # rows of seats in the main room, facing the stage at the west wall
    c.rect(80, 80, 100, 234, INK)
    for x in range(160, 620, 40):
        for y in range(90, 230, 28):
            c.rect(x, y, x + 20, y + 14, (148, 163, 184, 255))
    return c


def lower_floor():
    """The floor under the ground floor, for the multi-script sample's venue: a hall over
    the whole north side and two rooms south, the stairs and the lift where they are above."""
    c = Canvas(MAP_W, MAP_H, 1)
    building(c)
    room(c, 60, 60, 640, 254, HALL, [(320, 248, 360, 256)])            # lower hall, door at (340, 254)
    room(c, 60, 346, 440, 540, ROOM, [(230, 344, 270, 352)])           # west room
    room(c, 460, 346, 900, 540, ROOM, [(660, 344, 700, 352)])          # east room
    c.rect(80, 80, 100, 234, INK)                                      # a stage at the west wall
    return c


# ---- icons: drawn on a grid of 64 x 64, written at 192 x 192 (3 pixels a unit) -----------
# The kiosk scales a picture down to the size it draws it, never up: 192 pixels cover
# the largest an icon is drawn (about 80 px beside a step on a 4K screen), where the
# first icons, 64 px, were enlarged and soft.

def icon_canvas(size=64):
    return Canvas(size, size, 2, unit=3)


def arrow_icon():
    c = icon_canvas()
    c.circle(32, 32, 30, ACCENT)
    c.polygon([(32, 10), (52, 32), (39, 32), (39, 54), (25, 54), (25, 32), (12, 32)], WHITE)
    return c


def stairs_icon():
    c = icon_canvas()
    c.circle(32, 32, 30, STAIRS)
    c.polygon([(12, 50), (12, 42), (22, 42), (22, 34), (32, 34), (32, 26), (42, 26), (42, 18), (52, 18), (52, 50)], INK)
    return c


def lift_icon():
    c = icon_canvas()
    c.circle(32, 32, 30, LIFT)
    c.rect(18, 12, 46, 52, INK)
    c.rect(21, 15, 43, 49, WHITE)
    c.polygon([(32, 17), (24, 29), (40, 29)], INK)
    c.polygon([(32, 47), (24, 35), (40, 35)], INK)
    return c


def accessible_icon():
    c = icon_canvas()
    c.circle(32, 32, 30, ACCENT)
    c.circle(30, 13, 5, WHITE)
    c.line(29, 20, 27, 36, 6, WHITE)       # back
    c.line(27, 36, 42, 36, 6, WHITE)       # seat
    c.line(42, 36, 47, 48, 6, WHITE)       # leg
    c.line(28, 26, 38, 26, 5, WHITE)       # arm
    c.circle(28, 42, 13, WHITE, inner=9)   # wheel
    return c


def logo_mark(c, s):
    """The Hallboard mark in a box of side s: a sign board on a post with a blue arrow."""
    k = s / 64.0
    c.circle(32 * k, 32 * k, 31 * k, ACCENT)
    c.rect(29 * k, 34 * k, 35 * k, 56 * k, WHITE)                        # post
    c.rect(12 * k, 12 * k, 52 * k, 36 * k, WHITE)                        # board
    c.polygon([(18 * k, 24 * k), (28 * k, 16 * k), (28 * k, 21 * k), (44 * k, 21 * k),
               (44 * k, 27 * k), (28 * k, 27 * k), (28 * k, 32 * k)], ACCENT)


def app_icon(size):
    c = Canvas(size, size, 4 if size <= 64 else 2)
    logo_mark(c, size)
    return c


def logo():
    # The mark and a row of "board" bars: a wordless logo that reads at any size.
    c = Canvas(256, 64, 4)
    logo_mark(c, 64)
    for i, (w, col) in enumerate([(180, INK), (140, (100, 116, 139, 255)), (110, (100, 116, 139, 255))]):
        c.rect(76, 12 + i * 16, 76 + w, 12 + i * 16 + 8, col)
    return c


PICTURES = {
    "maps/mlsys2021-ground.png": ground_floor,
    "maps/mlsys2021-first.png": first_floor,
    "maps/lower-floor.png": lower_floor,
    "icons/arrow.png": arrow_icon,
    "icons/stairs.png": stairs_icon,
    "icons/lift.png": lift_icon,
    "icons/accessible.png": accessible_icon,
    "logo.png": logo,
    "hallboard-64.png": lambda: app_icon(64),
    "hallboard-256.png": lambda: app_icon(256),
}


def draw_all(out):
    for name, draw in PICTURES.items():
        c = draw()
        path = os.path.join(out, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(png_bytes(c.w, c.h, c.pixels()))


def check(assets):
    """Draws everything afresh and compares pixels (zlib's bytes may differ by version)."""
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        draw_all(tmp)
        for name in PICTURES:
            try:
                with open(os.path.join(assets, name), "rb") as f:
                    have = png_pixels(f.read())
            except (OSError, ValueError) as e:
                print(f"{name}: cannot be read: {e}")
                bad += 1
                continue
            with open(os.path.join(tmp, name), "rb") as f:
                want = png_pixels(f.read())
            if have != want:
                print(f"{name}: differs from what tools/make-assets.py draws "
                      f"({have[0]}x{have[1]}, expected {want[0]}x{want[1]}); run tools/make-assets.py")
                bad += 1
            else:
                print(f"{name}: {have[0]}x{have[1]} OK")
    return bad


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets")
    if len(sys.argv) > 1 and sys.argv[1] == "--check":
        sys.exit(1 if check(sys.argv[2] if len(sys.argv) > 2 else root) else 0)
    draw_all(sys.argv[1] if len(sys.argv) > 1 else root)


if __name__ == "__main__":
    main()
