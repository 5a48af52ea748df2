"""Pictures for the kiosk's picture tests: a PNG read into RGB bytes (the 8-bit RGB and RGBA
non-interlaced files stb writes and QEMU's screendump makes) and a quarter turn, without
Pillow. Used by tests/system/vm_system.py and tests/binary/kiosk-rotate.py."""
import struct
import zlib


def read_png(path):
    """(w, h, RGB bytes) of an 8-bit RGB or RGBA non-interlaced PNG (what stb writes)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and interlace == 0, f"{path}: unsupported PNG"
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    out = bytearray(h * stride)
    prev = bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif f == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif f == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif f == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        out[y * stride:(y + 1) * stride] = line
        prev = line
    if bpp == 4:
        rgb = bytearray(w * h * 3)
        rgb[0::3], rgb[1::3], rgb[2::3] = out[0::4], out[1::4], out[2::4]
        out = rgb
    return w, h, bytes(out)


def turn_cw(w, h, rgb):
    """A w x h RGB picture turned a quarter clockwise: (h, w, RGB), as the kiosk turns it
    for display.rotate 90 (kiosk/panel_geometry.hpp: picture (x, y) at panel (h-1-y, x))."""
    out = bytearray(w * h * 3)
    for y in range(h):
        px = h - 1 - y
        for x in range(w):
            o = (x * h + px) * 3
            i = (y * w + x) * 3
            out[o:o + 3] = rgb[i:i + 3]
    return h, w, bytes(out)
