#!/usr/bin/python3
"""The kiosk under systemd's notify protocol, with a socket of the test's own for
$NOTIFY_SOCKET: READY=1 comes only once the first frame is on the screen (the log says
so before the datagram is sent), nothing comes before it, and WATCHDOG=1 keeps coming
at half of $WATCHDOG_USEC while the kiosk idles on a screen that does not change (a
fixed clock, one page): its loop would otherwise sleep a second or more between wakes.

usage: kiosk-notify.py HALLBOARD FIXTURES
A cross-built HALLBOARD runs under $HALLBOARD_EMULATOR (qemu-user)."""
import os
import shlex
import socket
import subprocess
import sys
import tempfile
import time

WATCHDOG_USEC = 1_000_000  # pings every 0.5 s; systemd would stop it after 1 s without
IDLE_SECONDS = 6


def fail(message, log_path):
    print("kiosk-notify: " + message, file=sys.stderr)
    print("--- kiosk log:", file=sys.stderr)
    with open(log_path, errors="replace") as log:
        sys.stderr.write(log.read())
    sys.exit(1)


def main():
    binary, fixtures = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(fixtures, "two-rooms.json"), "rb") as src, open(os.path.join(d, "program.json"), "wb") as dst:
            dst.write(src.read())
        with open(os.path.join(d, "kiosk.json"), "w") as c:
            c.write('{"program": "program.json", "clock": {"mode": "fixed", "at": "2021-04-06T09:30"},'
                    ' "rotation": [{"page": "now-next", "seconds": 60}], "transition": {"kind": "none"}}\n')
        sock_path = os.path.join(d, "notify")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(sock_path)
        log_path = os.path.join(d, "log")
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", HALLBOARD_STATE_DIR=os.path.join(d, "state"),
                   NOTIFY_SOCKET=sock_path, WATCHDOG_USEC=str(WATCHDOG_USEC))
        env.pop("WATCHDOG_PID", None)
        command = shlex.split(os.environ.get("HALLBOARD_EMULATOR", "")) + [
            binary, "run", "--config", os.path.join(d, "kiosk.json"), "--window", "--software", "--size", "320x240"]
        with open(log_path, "wb") as log:
            kiosk = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            messages = []  # (time, text, log at that moment)
            deadline = time.monotonic() + 60
            ready_at = None
            while time.monotonic() < deadline:
                if ready_at is not None and time.monotonic() - ready_at > IDLE_SECONDS:
                    break
                sock.settimeout(0.2)
                try:
                    data = sock.recv(4096)
                except socket.timeout:
                    if kiosk.poll() is not None:
                        fail("the kiosk ended (exit %s)" % kiosk.returncode, log_path)
                    continue
                now = time.monotonic()
                with open(log_path, errors="replace") as f:
                    log_now = f.read()
                text = data.decode(errors="replace")
                messages.append((now, text, log_now))
                if ready_at is None and "READY=1" in text.split("\n"):
                    ready_at = now
            if ready_at is None:
                fail("no READY=1 within 60 s (datagrams: %r)" % [m[1] for m in messages], log_path)
            first = messages[0]
            if "READY=1" not in first[1].split("\n"):
                fail("the first datagram was %r, not READY=1" % first[1], log_path)
            if "first frame on screen" not in first[2]:
                fail("READY=1 came before the log said the first frame was on the screen", log_path)
            pings = [t for t, text, _ in messages if "WATCHDOG=1" in text.split("\n")]
            idle = [t for t in pings if t >= ready_at]
            gaps = [b - a for a, b in zip(idle, idle[1:])]
            limit = WATCHDOG_USEC / 1e6
            if len(idle) < IDLE_SECONDS / (limit / 2) * 0.75:
                fail("only %d WATCHDOG=1 in %d s of idling (one every %.1f s expected; gaps %s)" % (len(idle), IDLE_SECONDS, limit / 2, ["%.2f" % g for g in gaps]),
                     log_path)
            if max(gaps) >= limit:
                fail("%.2f s between two WATCHDOG=1: systemd would have stopped the kiosk (WatchdogSec=%.1f s)"
                     % (max(gaps), limit), log_path)
            if kiosk.poll() is not None:
                fail("the kiosk ended while idling", log_path)
            kiosk.terminate()
            kiosk.wait(timeout=20)
            print("kiosk-notify: READY=1 after the first frame, then %d WATCHDOG=1 in %d s of idling, at most %.2f s apart"
                  % (len(idle), IDLE_SECONDS, max(gaps)))
        finally:
            if kiosk.poll() is None:
                kiosk.kill()
                kiosk.wait()


main()
