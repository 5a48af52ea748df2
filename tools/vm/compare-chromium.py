#!/usr/bin/env python3
"""Hallboard beside a Chromium kiosk in the virtual Pi, in one run (issue 25, item 5).

  sudo tools/vm/compare-chromium.py [--arch amd64|arm64] [--build build] [--run DIR]
                                    [--runs N] [--kiosks hallboard,chromium] [--timeout S]

--arch arm64 boots the arm64 virtual Pi (a Cortex-A72 under TCG) with the .deb of a
cross build (--build build-arm64, from tools/arm.sh arm64): cage, chromium, seatd and
xwayland are then part of a foreign base of their own, made once in two stages by
tools/vm/base-foreign.sh (tools/vm/image.sh, about an hour under TCG).

With the switches in CHROMIUM_FLAGS Chromium draws the page at every start (3 of 3 in
one guest, and at each boot and unit start of a --runs 3 run, 2026-11-27); with the
earlier, shorter set it did so in 1 start of 12. README ("The virtual Pi") and
docs/deployment.md (section 9) have the figures, the command and date, and every try. A
kiosk that shows no stable frame within --timeout stops the run with the last
screendump and the journal kept.

One disk: the virtual Pi's base (tools/vm/image.sh) plus Debian's `cage` and `chromium`
(`seatd`, which gives cage its seat, see CHROMIUM_UNIT, and `xwayland`, without which
cage 0.1.4 does not start), the .deb installed as docs/deployment.md says,
the program in /srv/hallboard/program.json, and beside it the same day as a static HTML
page (tools/vm/day_html.py: now & next at the same instant, from the same file). Two
units are enabled: `hallboard` (shipped, the same fixed-clock configuration as the system
tests) and `chromium-kiosk` (`cage -s -- chromium --kiosk` on the page, on tty1, as a
user). Each boot masks the other on
the kernel's command line, so the same disk and the same QEMU settings serve both, one
after the other.

For each kiosk, measured from the host:
  power-on to first frame   QEMU's start to the first QMP screendump that is a drawn
                            picture (more than a few colours) and is still the same
                            picture 1 s later (screendumps every 0.5 s)
  unit start to first frame `systemctl stop`, the panel back to the console, then
                            `systemctl start --no-block` through the guest agent, to the
                            first such screendump
  PSS                       the sum of Pss in /proc/PID/smaps_rollup over the unit's
                            processes (its cgroup, its main process's descendants, and a
                            logind session the unit opened), 20 s after the frame

Everything runs under TCG (a CPU emulated in software, amd64 or arm64): absolute times are this
machine's, several times a Pi 4's; the ratios are what compare. Results are printed and
written to RUN/compare.txt; the screendumps are kept beside them.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import vm  # noqa: E402
import day_html  # noqa: E402

AT = "2021-04-06T10:45"
PROGRAM = "mlsys2021.json"
EXTRA = "cage chromium seatd xwayland"
SETTLE = 20
# Chromium's switches, each for a reason (Chromium 156, Debian 12's chromium package):
#   --no-sandbox                   see CHROMIUM_UNIT
#   --kiosk                        fullscreen, no browser chrome, as a kiosk runs it
#   --ozone-platform=wayland       cage is a Wayland compositor (Xwayland is not needed)
#   --no-first-run --noerrdialogs --disable-infobars --no-default-browser-check
#                                  nothing over the page: no first-run, restore or
#                                  default-browser bubble after a power cut
#   --disable-gpu                  no GPU in the guest (nor, for Hallboard, any GL)
#   --password-store=basic         no keyring (no session bus)
#   --disk-cache-size=1            no cache to grow on the kiosk's disk
#   --disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,PreloadTopChromeWebUI
#                                  a kiosk has no omnibox: its WebUI popup's renderer
#                                  (--top-chrome-webui) is preloaded in the background and
#                                  took minutes of the two emulated CPUs. Alone these did
#                                  not help: that renderer still ran and the page was not
#                                  drawn (0 of 2 starts); Translate: no translate bar
#   --enable-features=NetworkServiceInProcess2
#                                  the network service in the browser process: as its own
#                                  process it was killed and restarted ("Network service
#                                  crashed or was terminated") about a minute into every
#                                  start that stayed white
#   --disable-features=EnableHangWatcher, --disable-hang-monitor
#                                  under TCG a slow thread looks hung: no hang watcher
#                                  killing a process, no "page unresponsive" dialog
#   --disable-component-update --disable-background-networking --disable-sync
#   --disable-default-apps --disable-extensions --disable-domain-reliability
#   --disable-breakpad --metrics-recording-only
#                                  no background work a kiosk without a network does not
#                                  need (updates, sync, reporting, extensions)
# The names were found by `strings` on this Chromium's binary (its features are named
# kName in the binary, the feature "Name"). With the whole set the page was drawn in
# 3 starts of 3 (94.8-148.5 s after the unit's start); with the earlier set (the switches
# above down to --disk-cache-size, less --no-default-browser-check, and Translate) in 1
# start of 12 with small variations and 0 of 2 as it was; which of the added switches it
# takes was not narrowed down (docs/deployment.md, section 9).
CHROMIUM_FLAGS = ("--no-sandbox --kiosk --ozone-platform=wayland --no-first-run --noerrdialogs --disable-infobars "
                  "--no-default-browser-check --disable-gpu --password-store=basic --disk-cache-size=1 "
                  "--disable-features=Translate,WebUIOmniboxPopup,WebUIOmniboxFullPopup,PreloadTopChromeWebUI,"
                  "EnableHangWatcher --enable-features=NetworkServiceInProcess2 --disable-hang-monitor "
                  "--disable-component-update --disable-background-networking --disable-sync --disable-default-apps "
                  "--disable-extensions --disable-domain-reliability --disable-breakpad --metrics-recording-only")

KIOSK_CONFIG = ('{\n'
                '  "program": "/srv/hallboard/program.json",\n'
                f'  "clock": {{"mode": "fixed", "at": "{AT}"}},\n'
                '  "rotation": [{"page": "now-next", "seconds": 600}],\n'
                '  "transition": {"kind": "none"},\n'
                '  "display": {"fullscreen": true}\n'
                '}\n')

# cage needs a seat (libseat) to take the display. With a logind session
# (PAMName=login, as cage's wiki runs a kiosk) logind refused to activate it ("Could not
# activate session: Permission denied": Session.Activate needs polkit's chvt for a
# non-root caller, and the image has no polkit); cage refuses to run as root at all. So
# Debian's seatd (its own unit: `seatd -g video`) holds the seat, and cage and Chromium
# run as a user in the video group. Chromium with --no-sandbox: fewer processes than a
# sandboxed Chromium (no sandbox helpers), so if anything its figures here are low.
# WLR_RENDERER=pixman: with wlroots' GLES renderer on Mesa's kms_swrast (no GPU driver),
# cage died with SIGSEGV at every start.
CHROMIUM_UNIT = f"""# The Chromium kiosk Hallboard is compared with (tools/vm/compare-chromium.py): cage
# running Chromium fullscreen on tty1, as the user kiosk, the seat from seatd.
[Unit]
Description=Chromium kiosk under cage, for the comparison
After=systemd-user-sessions.service seatd.service
Requires=seatd.service
Conflicts=getty@tty1.service
After=getty@tty1.service

[Service]
User=kiosk
Environment=LIBSEAT_BACKEND=seatd XDG_RUNTIME_DIR=/run/cage WLR_RENDERER=pixman
RuntimeDirectory=cage
RuntimeDirectoryMode=0700
TTYPath=/dev/tty1
TTYReset=yes
TTYVHangup=yes
StandardInput=tty-fail
StandardOutput=journal
StandardError=journal
ExecStart=/usr/bin/cage -s -- /usr/bin/chromium {CHROMIUM_FLAGS} file:///srv/hallboard/day.html
Restart=always
RestartSec=2

[Install]
WantedBy=multi-user.target
"""

UNITS = {"hallboard": "hallboard.service", "chromium": "chromium-kiosk.service"}
# What each boot masks: the other kiosk (and, for Hallboard's, the seat daemon only
# Chromium's needs).
MASK = {"hallboard": "systemd.mask=chromium-kiosk.service systemd.mask=seatd.service",
        "chromium": "systemd.mask=hallboard.service"}


def log(*a):
    print(*a, flush=True)


def prepare(build, run, arch):
    os.makedirs(run, exist_ok=True)
    debdir = os.path.join(run, "deb")
    shutil.rmtree(debdir, ignore_errors=True)
    subprocess.run(["cpack", "-G", "DEB", "-B", debdir, "--config", os.path.join(build, "CPackConfig.cmake")],
                   check=True, stdout=subprocess.DEVNULL)
    deb = [f for f in os.listdir(debdir) if f.endswith(".deb")][0]
    cfg = os.path.join(run, "kiosk.json")
    open(cfg, "w").write(KIOSK_CONFIG)
    program = os.path.join(ROOT, "data", PROGRAM)
    page = os.path.join(run, "day.html")
    with open(program, encoding="utf-8") as f:
        open(page, "w", encoding="utf-8").write(day_html.day_html(json.load(f), AT))
    unit = os.path.join(run, "chromium-kiosk.service")
    open(unit, "w").write(CHROMIUM_UNIT)
    started = time.time()
    # The user and the units are made by the host's useradd and systemctl (image.sh's
    # --user and --enable), which serve an arm64 tree as well as an amd64 one.
    subprocess.run([os.path.join(HERE, "image.sh"), "--arch", arch, "--extra", EXTRA,
                    "--copy", program, "/srv/hallboard/program.json",
                    "--copy", page, "/srv/hallboard/day.html",
                    "--copy", unit, "/etc/systemd/system/chromium-kiosk.service",
                    "--user", "kiosk:video,render,input", "--enable", "seatd", "--enable", "chromium-kiosk",
                    os.path.join(debdir, deb), cfg, os.path.join(run, "vm")], check=True)
    log(f"compare: disk with {deb} and {EXTRA} in {time.time() - started:.0f} s")
    return deb


def first_stable_frame(d, since, name, timeout=900.0):
    """Seconds from `since` (host time) to the first screendump that is a picture and is
    the same 1 s later; None after `timeout`."""
    out = os.path.join(d, name + ".ppm")
    deadline = time.time() + timeout
    candidate = None  # (time, pixels)
    while time.time() < deadline:
        if not vm.running(d):
            raise SystemExit("compare: the machine stopped")
        t = time.time()
        try:
            _, _, pixels = vm.screendump(d, out)
        except (OSError, ValueError, RuntimeError):
            time.sleep(0.5)
            continue
        if not vm.is_picture(pixels):
            candidate = None
        elif candidate is None or candidate[1] != pixels:
            candidate = (t, pixels)
        elif t - candidate[0] >= 1.0:
            return candidate[0] - since
        time.sleep(0.5)
    return None


def processes(d, unit):
    """The unit's processes: its cgroup (and any below), its main process's descendants,
    and any logind session (scope)."""
    code, out, _ = vm.guest_exec(d, ["systemctl", "show", unit, "-p", "MainPID", "-p", "ControlGroup"])
    props = dict(line.split("=", 1) for line in out.split())
    main = int(props.get("MainPID", "0"))
    code, out, _ = vm.guest_exec(d, ["/bin/sh", "-c",
        "for f in /proc/[0-9]*/stat; do cat $f 2>/dev/null; echo; done"])
    parent, name = {}, {}
    for line in out.splitlines():
        if ") " not in line:
            continue
        head, rest = line.rsplit(") ", 1)
        pid = int(head.split(" (", 1)[0])
        name[pid] = head.split(" (", 1)[1]
        parent[pid] = int(rest.split()[1])
    pids = set()
    if main:
        pids.add(main)
        grew = True
        while grew:
            more = {p for p, pp in parent.items() if pp in pids and p not in pids}
            pids |= more
            grew = bool(more)
    cgroups = ["/sys/fs/cgroup" + props.get("ControlGroup", "")] if props.get("ControlGroup") else []
    code, out, _ = vm.guest_exec(d, ["/bin/sh", "-c",
        f"cat $(find {' '.join(cgroups)} /sys/fs/cgroup/user.slice -name cgroup.procs 2>/dev/null) 2>/dev/null"])
    pids |= {int(p) for p in out.split() if p.isdigit()}
    return sorted(pids), name


def pss_kib(d, unit):
    pids, name = processes(d, unit)
    code, out, _ = vm.guest_exec(d, ["/bin/sh", "-c",
        " ".join(["grep", "-H", "^Pss:"] + [f"/proc/{p}/smaps_rollup" for p in pids]) + " 2>/dev/null"])
    total, each = 0, []
    for line in out.splitlines():
        path, rest = line.split(":", 1)
        kib = int(rest.split()[1])
        pid = int(path.split("/")[2])
        total += kib
        each.append((kib, pid, name.get(pid, "?")))
    return total, sorted(each, reverse=True)


def save_png(ppm, png, half=False):
    """The screendump as a PNG; with half, at half the size (each 2x2 block's mean), small
    enough for the docs."""
    w, h, px = vm.read_ppm(ppm)
    if half:
        w2, h2 = w // 2, h // 2
        out = bytearray(w2 * h2 * 3)
        for y in range(h2):
            r0, r1 = 2 * y * w * 3, (2 * y + 1) * w * 3
            for x in range(w2):
                for c in range(3):
                    i = 6 * x + c
                    out[(y * w2 + x) * 3 + c] = (px[r0 + i] + px[r0 + i + 3] + px[r1 + i] + px[r1 + i + 3] + 2) // 4
        w, h, px = w2, h2, bytes(out)
    sys.path.insert(0, os.path.join(ROOT, "tests", "system"))
    import vm_system
    vm_system.write_png(png, w, h, px)


def still_the_same(d, first, name):
    """Whether the panel, SETTLE s after the first stable frame, shows that frame still:
    a kiosk still drawing (a font arriving late, a second layout) would have been timed
    too early. The number of bytes that differ."""
    later = os.path.join(d, name + "-later.ppm")
    _, _, now = vm.screendump(d, later)
    _, _, then = vm.read_ppm(os.path.join(d, first + ".ppm"))
    return sum(1 for a, b in zip(now, then) if a != b) + abs(len(now) - len(then))


def give_up(run, d, subject, unit, shot, name, why):
    """No frame: what the panel showed last (the screendump `shot`, as RUN/NAME-timeout.png)
    and the unit's journal are kept, the machine is cut."""
    try:
        save_png(os.path.join(d, shot + ".ppm"), os.path.join(run, name + "-timeout.png"))
        _, journal, _ = vm.guest_exec(d, ["journalctl", "-b", "-u", unit, "--no-pager"])
        open(os.path.join(run, f"journal-{name}-timeout.txt"), "w").write(journal)
    except (OSError, ValueError, RuntimeError, ConnectionError, TimeoutError):
        pass
    vm.cut(d)
    raise SystemExit(f"compare: {subject}: {why} (last screendump: {os.path.join(run, name + '-timeout.png')})")


def measure(run, subject, tag, timeout=900.0, arch="amd64"):
    d = os.path.join(run, "vm")
    unit = UNITS[subject]
    vm.boot(d, arch=arch, append=MASK[subject])
    booted = float(open(os.path.join(d, "booted-at")).read())
    power_on = first_stable_frame(d, booted, f"{subject}-boot", timeout)
    if power_on is None:
        give_up(run, d, subject, unit, f"{subject}-boot", f"{subject}-boot{tag}", "no stable picture on the panel after power-on")
    log(f"compare: {subject}: power-on to first frame {power_on:.1f} s")
    if not vm.wait_agent(d, 300):
        raise SystemExit("compare: the guest agent does not answer")
    time.sleep(SETTLE)
    changed_boot = still_the_same(d, f"{subject}-boot", f"{subject}-boot")
    pss_boot, _ = pss_kib(d, unit)
    log(f"compare: {subject}: PSS {pss_boot / 1024:.1f} MB, {SETTLE} s after the first frame "
        f"({changed_boot} bytes of the panel changed since)")
    # The unit's own start, the machine already up.
    vm.guest_exec(d, ["systemctl", "stop", unit], timeout=120)
    deadline = time.time() + 30
    while time.time() < deadline and vm.is_picture(vm.screendump(d, os.path.join(d, "stopped.ppm"))[2]):
        time.sleep(0.5)
    time.sleep(2)
    since = time.time()
    vm.guest_exec(d, ["systemctl", "start", "--no-block", unit])
    unit_start = first_stable_frame(d, since, f"{subject}-start", timeout)
    if unit_start is None:
        give_up(run, d, subject, unit, f"{subject}-start", f"{subject}-start{tag}", "no stable picture after the unit's start")
    log(f"compare: {subject}: unit start to first frame {unit_start:.1f} s")
    time.sleep(SETTLE)
    changed = still_the_same(d, f"{subject}-start", f"{subject}-start")
    pss, each = pss_kib(d, unit)
    log(f"compare: {subject}: PSS {pss / 1024:.1f} MB over {len(each)} processes, {SETTLE} s after the frame "
        f"({changed} bytes of the panel changed since):")
    for kib, pid, n in each:
        log(f"    {kib / 1024:8.1f} MB  {pid:6d} {n}")
    _, journal, _ = vm.guest_exec(d, ["journalctl", "-b", "-u", unit, "--no-pager"])
    open(os.path.join(run, f"journal-{subject}{tag}.txt"), "w").write(journal)
    for name in (f"{subject}-boot", f"{subject}-start"):
        save_png(os.path.join(d, name + ".ppm"), os.path.join(run, f"{name}{tag}.png"))
        save_png(os.path.join(d, name + ".ppm"), os.path.join(run, f"{name}{tag}-small.png"), half=True)
    vm.cut(d)
    return {"power_on": power_on, "unit_start": unit_start, "pss_kib": pss, "pss_boot_kib": pss_boot,
            "processes": len(each), "changed": changed_boot + changed}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--arch", default="amd64", choices=["amd64", "arm64"],
                   help="the virtual Pi's architecture; the .deb in --build must be for it (default amd64)")
    p.add_argument("--build", default=os.path.join(ROOT, "build"))
    p.add_argument("--run", default=None, help="default: BUILD/vm-compare")
    p.add_argument("--runs", type=int, default=1,
                   help="runs on the same disk, each Hallboard then Chromium (default 1)")
    p.add_argument("--kiosks", default="hallboard,chromium",
                   help="which to measure, in this order (default hallboard,chromium)")
    p.add_argument("--timeout", type=float, default=900.0,
                   help="seconds to wait for each first stable frame (default 900)")
    a = p.parse_args()
    if os.geteuid() != 0:
        sys.exit("compare: needs root (the disk: chroot, file ownership)")
    build = os.path.abspath(a.build)
    run = os.path.abspath(a.run or os.path.join(build, "vm-compare"))
    kiosks = [k for k in a.kiosks.split(",") if k]
    if not kiosks or any(k not in UNITS for k in kiosks):
        sys.exit(f"compare: --kiosks takes {', '.join(UNITS)}")
    vm.cut(os.path.join(run, "vm"))
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    deb = prepare(build, run, a.arch)
    rows = []
    for i in range(1, a.runs + 1):
        tag = f"-{i}" if a.runs > 1 else ""
        results = {}
        for subject in kiosks:
            log(f"compare: run {i} of {a.runs}: {subject}")
            results[subject] = measure(run, subject, tag, a.timeout, a.arch)
        try:
            load = open("/proc/loadavg").read().split()[0]
        except OSError:
            load = "?"
        rows.append((i, results, load))
    lines = [
        f"Hallboard beside a Chromium kiosk in the virtual Pi ({when}; {deb}; {a.arch} under TCG, "
        f"2 vCPUs, 1 GB, virtio-gpu 1280x720, Mesa without a GPU driver; each run Hallboard "
        f"then Chromium on the same disk, the host's load average at each run's end beside it)",
        f"{'':30}{'hallboard':>12}{'chromium':>12}{'chromium/hallboard':>20}",
    ]
    for i, results, load in rows:
        lines.append(f"run {i} (load {load})")
        h, c = results.get("hallboard"), results.get("chromium")

        def row(label, key, unit, scale=1.0, fmt=".1f"):
            cells = "".join(f"{r[key] * scale:>{11 if unit == 's' else 10}{fmt}}{unit}" if r else f"{'-':>12}"
                            for r in (h, c))
            ratio = f"{c[key] / h[key]:>19.1f}x" if h and c and h[key] else ""
            lines.append(f"  {label:28}{cells}{ratio}")
        row("power-on to first frame", "power_on", "s")
        row("unit start to first frame", "unit_start", "s")
        row("PSS after the unit start", "pss_kib", "MB", 1 / 1024)
        row("PSS after power-on", "pss_boot_kib", "MB", 1 / 1024)
        lines.append(f"  {'processes':28}" + "".join(f"{r['processes'] if r else '-':>12}" for r in (h, c)))
        lines.append(f"  {'panel changed after frame':28}" + "".join(f"{(str(r['changed']) + 'B') if r else '-':>12}"
                                                                  for r in (h, c)))
    text = "\n".join(lines) + "\n"
    open(os.path.join(run, "compare.txt"), "w").write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
