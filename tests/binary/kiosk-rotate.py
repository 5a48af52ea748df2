#!/usr/bin/python3
"""display.rotate 90 where SDL's renderer presents (OpenGL ES on KMS, X11, Wayland; here
SDL's dummy video driver, whose window SDL saves as a BMP at each present when
SDL_VIDEO_DUMMY_SAVE_FRAMES is set): the running kiosk in a 1280x720 window must show
`hallboard screenshot --size 720x1280` of the same instant turned a quarter clockwise
(as kiosk/panel_geometry.hpp turns it: picture (x, y) at panel (h-1-y, x)), and a tap at a
turned coordinate of the panel must open the talk the same tap opens headless, at the
picture's coordinate; the panel then shows that talk's page turned.

usage: kiosk-rotate.py HALLBOARD SOURCE_DIR
A cross-built HALLBOARD runs under $HALLBOARD_EMULATOR (qemu-user)."""
import json
import os
import re
import shlex
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "tools", "vm"))
from pictures import read_png, turn_cw  # noqa: E402

AT = "2021-04-06T10:45"
PW, PH = 1280, 720   # the window: the panel
LW, LH = PH, PW      # the picture the kiosk lays out: portrait
TOLERANCE = 0        # pixels that may differ: both sides are SDL's software renderer


def fail(message, log=""):
    print("kiosk-rotate: FAIL: " + message)
    if log:
        print("--- kiosk log:\n" + log[-4000:])
    print("0 passed, 1 failed")
    sys.exit(1)


def read_bmp(path):
    """(w, h, RGB bytes) of an uncompressed 24- or 32-bit BMP (what SDL_SaveBMP writes)."""
    data = open(path, "rb").read()
    assert data[:2] == b"BM", path
    offset = struct.unpack_from("<I", data, 10)[0]
    header = struct.unpack_from("<I", data, 14)[0]
    w, h = struct.unpack_from("<ii", data, 18)
    bpp = struct.unpack_from("<H", data, 28)[0]
    compression = struct.unpack_from("<I", data, 30)[0]
    assert bpp in (24, 32) and compression in (0, 3), (path, bpp, compression)
    masks = (0x00ff0000, 0x0000ff00, 0x000000ff)
    if compression == 3:
        masks = struct.unpack_from("<III", data, 14 + header if header == 12 else 54)
    top_down = h < 0
    h = abs(h)
    stride = (w * bpp // 8 + 3) & ~3
    out = bytearray(w * h * 3)
    shifts = [(m & -m).bit_length() - 1 for m in masks]
    for y in range(h):
        row = data[offset + (y if top_down else h - 1 - y) * stride:][:stride]
        o = y * w * 3
        if bpp == 24:
            line = bytearray(w * 3)
            line[0::3], line[1::3], line[2::3] = row[2:w * 3:3], row[1:w * 3:3], row[0:w * 3:3]
            out[o:o + w * 3] = line
        elif masks == (0x00ff0000, 0x0000ff00, 0x000000ff):
            line = bytearray(w * 3)
            line[0::3], line[1::3], line[2::3] = row[2:w * 4:4], row[1:w * 4:4], row[0:w * 4:4]
            out[o:o + w * 3] = line
        else:
            for x in range(w):
                v = struct.unpack_from("<I", row, x * 4)[0]
                out[o + x * 3:o + x * 3 + 3] = bytes((v & m) >> s for m, s in zip(masks, shifts))
    return w, h, bytes(out)


def differing(a, b):
    if len(a) != len(b):
        return len(a) // 3
    if a == b:
        return 0
    return sum(1 for i in range(0, len(a), 3) if a[i:i + 3] != b[i:i + 3])


def main():
    binary, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    emulator = shlex.split(os.environ.get("HALLBOARD_EMULATOR", ""))
    with tempfile.TemporaryDirectory() as d:
        cfg = os.path.join(d, "kiosk.json")
        open(cfg, "w").write(json.dumps({
            "program": os.path.join(source, "data", "mlsys2021.json"),
            "clock": {"mode": "fixed", "at": AT},
            "rotation": [{"page": "now-next", "seconds": 600}],
            "transition": {"kind": "none"},
            "display": {"rotate": 90}}))

        def screenshot(name, tap=None, layout=None):
            out = os.path.join(d, name + ".png")
            argv = emulator + [binary, "screenshot", "--config", cfg, "--at", AT, "--size", f"{LW}x{LH}", "-o", out]
            if tap:
                script = os.path.join(d, name + ".txt")
                open(script, "w").write(f"tap {tap[0]} {tap[1]}\nwait 3\n")
                argv += ["--input", script]
            if layout:
                argv += ["--layout", layout]
            r = subprocess.run(argv, capture_output=True, text=True, timeout=120)
            if r.returncode != 0:
                fail(f"hallboard screenshot: {r.stdout}{r.stderr}")
            m = re.search(r"after the script: (.*)", r.stdout)
            return out, (m.group(1) if m else None)

        def run_kiosk(name, script=None, seconds=2.5):
            """The kiosk in a 1280x720 window; its last presented frame, and its log."""
            frames = os.path.join(d, name)
            os.makedirs(frames)
            argv = emulator + [binary, "run", "--config", cfg, "--window", "--software", "--size", f"{PW}x{PH}",
                               "--exit-after", str(seconds)]
            if script:
                path = os.path.join(d, name + ".txt")
                open(path, "w").write(script)
                argv += ["--input", path]
            env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_VIDEO_DUMMY_SAVE_FRAMES="1",
                       HALLBOARD_STATE_DIR=os.path.join(d, "state-" + name))
            r = subprocess.run(argv, cwd=frames, env=env, capture_output=True, text=True, timeout=120)
            log = r.stdout + r.stderr
            if r.returncode != 0:
                fail(f"the kiosk ended with {r.returncode}", log)
            shots = sorted(f for f in os.listdir(frames) if f.endswith(".bmp"))
            if not shots:
                fail("the kiosk presented no frame", log)
            last = read_bmp(os.path.join(frames, shots[-1]))
            return last, len(shots), log

        # The page, still.
        layout = os.path.join(d, "layout.json")
        still_png, _ = screenshot("still", layout=layout)
        want = turn_cw(*read_png(still_png))
        (w, h, got), count, log = run_kiosk("still")
        if (w, h) != (PW, PH):
            fail(f"the window is {w}x{h}, not {PW}x{PH}", log)
        n = differing(got, want[2])
        print(f"kiosk-rotate: the window ({count} frames presented) against the headless {LW}x{LH} screenshot "
              f"turned a quarter clockwise: {n} of {PW * PH} pixels differ")
        if n > TOLERANCE:
            fail(f"{n} pixels differ (at most {TOLERANCE} may)", log)

        # A tap on a target near the middle that opens a talk headless, where an unturned
        # mapping of the same panel point would open something else (or nothing).
        runs = json.load(open(layout))["runs"]
        centres = [((r["box"][0] + r["box"][2]) / 2, (r["box"][1] + r["box"][3]) / 2) for r in runs if r["informative"]]
        centres.sort(key=lambda c: (c[0] - LW / 2) ** 2 + (c[1] - LH / 2) ** 2)
        chosen = None
        for cx, cy in centres[:12]:
            lx, ly = int(cx), int(cy)
            _, right = screenshot("tap", (lx, ly))
            if not right or not right.startswith("talk "):
                continue
            px, py = LH - 1 - ly, lx  # picture (x, y) on the panel
            _, wrong = screenshot("wrong", (round(px * LW / PW), round(py * LH / PH)))
            if wrong != right:
                chosen = (lx, ly, px, py, right)
                break
        if not chosen:
            fail("no target near the middle opens a talk that a tap unturned would not")
        lx, ly, px, py, talk = chosen
        tap_png, _ = screenshot("tap", (lx, ly))
        (w, h, got), count, log = run_kiosk("tap", f"tap {px} {py}\nwait 3\n", seconds=6)
        m = re.search(r"input script played; now: (.*)", log)
        now = m.group(1) if m else None
        print(f"kiosk-rotate: a tap at panel ({px}, {py}) = picture ({lx}, {ly}): the kiosk shows {now}; "
              f"headless: {talk}")
        if now != talk:
            fail(f"the tap on the turned panel opened {now}, headless {talk}", log)
        n = differing(got, turn_cw(*read_png(tap_png))[2])
        print(f"kiosk-rotate: after the tap, the window against the headless tap's screenshot turned: "
              f"{n} of {PW * PH} pixels differ")
        if n > TOLERANCE:
            fail(f"after the tap {n} pixels differ (at most {TOLERANCE} may)", log)
        if "turned 90 degrees clockwise onto the window" not in log:
            fail("the kiosk did not log that it turns its picture", log)
    print("kiosk-rotate: the window shows the portrait picture turned, and a turned tap opens its talk")
    print("1 passed, 0 failed")


if __name__ == "__main__":
    main()
