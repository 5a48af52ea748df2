#!/usr/bin/env python3
"""Side-by-side footprint of the kiosk and a Chromium kiosk window (issue 15, item 2).

Run through tools/bench-footprint.sh, which installs Xvfb and Chromium for this bench only.
Three subjects, one after another, each on its own 1920x1080 Xvfb display, for the same
warm-up and measured window:
  kiosk-software  hallboard run --software --window --size 1920x1080
  kiosk-gl        hallboard run --window --size 1920x1080  (SDL's OpenGL renderer if it stays)
  chromium        chromium --kiosk on an HTML page of the same day, cross-fading every 5 s
The kiosk shows the bundled MLSys 2021 day on a replay clock at 1 s per s, the four pages
rotating every 5 s with a 0.6 s fade (a config written here).

Measured per subject, over its whole process tree (this process is a child subreaper, so
Chromium's zygotes and helpers stay its descendants, and each subject has a session of its
own): PSS summed from /proc/PID/smaps_rollup every half second (peak and at the end), and
CPU as utime+stime of every process of the tree over the measured window. Prints a table;
exits 1 when a goal is missed:
  kiosk PSS (peak and end) <= 1/10 of Chromium's, kiosk CPU (software) <= 1/5 of Chromium's,
  and the GL path no worse than software (PSS and CPU, 10 % or 0.05 s of slack for noise).
"""

import argparse
import ctypes
import datetime
import html
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

PR_SET_CHILD_SUBREAPER = 36
TICKS = os.sysconf("SC_CLK_TCK")
PAGES = ["now-next", "upcoming", "awards", "speakers"]


def read(path):
    try:
        with open(path, "r", encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return None


def stat_of(pid):
    """(ppid, session id, start time, cpu seconds) of a process, or None once it is gone."""
    text = read(f"/proc/{pid}/stat")
    if not text:
        return None
    # The command name is in parentheses and may hold spaces: split after the last ')'.
    fields = text[text.rfind(")") + 2:].split()
    ppid, sid = int(fields[1]), int(fields[3])
    utime, stime, start = int(fields[11]), int(fields[12]), int(fields[19])
    return ppid, sid, start, (utime + stime) / TICKS


def pss_kib(pid):
    text = read(f"/proc/{pid}/smaps_rollup")
    if not text:
        return 0
    for line in text.splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1])
    return 0


def tree(root):
    """Every live process descended from `root` or in its session: {pid: stat}."""
    stats = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            s = stat_of(int(name))
            if s:
                stats[int(name)] = s
    members = {root} if root in stats else set()
    grew = True
    while grew:
        grew = False
        for pid, (ppid, sid, _, _) in stats.items():
            if pid not in members and (ppid in members or sid == root):
                members.add(pid)
                grew = True
    return {pid: stats[pid] for pid in members}


class Sampler:
    """PSS and CPU of one process tree. CPU is kept per process (pid and start time), so
    a helper that exits in the window still counts up to its last sample."""

    def __init__(self, root):
        self.root = root
        self.cpu = {}
        self.baseline = None
        self.peak_pss = 0
        self.last_pss = 0
        self.processes = 0
        self.pss_by_name = {}

    def sample(self):
        members = tree(self.root)
        total = 0
        for pid, (_, _, start, cpu) in members.items():
            self.cpu[(pid, start)] = cpu
            total += pss_kib(pid)
        self.last_pss = total
        self.peak_pss = max(self.peak_pss, total)
        self.processes = len(members)
        return members

    def start_window(self):
        self.sample()
        self.baseline = dict(self.cpu)
        self.peak_pss = self.last_pss

    def window_cpu(self):
        return sum(cpu - self.baseline.get(key, 0.0) for key, cpu in self.cpu.items())


def hhmm(text):
    return text[11:16]


def schedule_html(program_path, at):
    """The same day as the kiosk's four pages, as text: what Chromium draws."""
    with open(program_path, encoding="utf-8") as f:
        program = json.load(f)
    conf = program["conference"]["name"]
    people = {p["id"]: p for p in program.get("people", [])}
    rooms = {r["id"]: r["name"] for r in program.get("rooms", [])}
    sessions = sorted(program["sessions"], key=lambda s: s["start"])
    now = [s for s in sessions if s["start"] <= at < s["end"]]
    nxt = [s for s in sessions if s["start"] > at][:1]

    def esc(t):
        return html.escape(str(t))

    def talks(s, limit):
        rows = []
        for t in s.get("talks", [])[:limit]:
            rows.append(f"<li><b>{esc(t['title'])}</b><br><span class=m>{esc(', '.join(t.get('authors', [])))}</span></li>")
        return "<ul>" + "".join(rows) + "</ul>"

    def card(label, s, limit):
        return (f"<div class=card><div class=label>{label}</div><h2>{esc(s['title'])}</h2>"
                f"<div class=m>{hhmm(s['start'])}–{hhmm(s['end'])} · {esc(rooms.get(s.get('room'), ''))}</div>"
                f"{talks(s, limit)}</div>")

    pages = []
    pages.append("<h1>Now &amp; next</h1>" + "".join(card("Live now", s, 4) for s in now) +
                 "".join(card("Next", s, 2) for s in nxt))
    pages.append("<h1>Coming up</h1><ul class=rows>" + "".join(
        f"<li><span class=t>{hhmm(s['start'])}</span> {esc(s['title'])} <span class=m>{esc(rooms.get(s.get('room'), ''))}</span></li>"
        for s in sessions if s["end"] > at) + "</ul>")
    awards = [t for s in sessions for t in s.get("talks", []) if t.get("awards")]
    pages.append("<h1>Awards</h1><ul class=rows>" + "".join(
        f"<li><b>{esc(t['title'])}</b><br><span class=m>{esc(', '.join(t.get('authors', [])))}</span></li>"
        for t in awards) + "</ul>" if awards else "<h1>Awards</h1><p class=m>Outstanding papers of the day</p>" +
        talks(sessions[0], 6))
    speakers = [p for p in people.values()]
    pages.append("<h1>Speakers</h1><ul class=rows>" + "".join(
        f"<li><b>{esc(p['name'])}</b> <span class=m>{esc(p.get('affiliation', ''))}</span></li>" for p in speakers) +
        "</ul>")
    cycle = 5 * len(pages)
    fade = 0.6 / cycle * 100
    shown = 100 / len(pages)
    divs = "".join(f"<section style='animation-delay:{5 * i}s'>{p}</section>" for i, p in enumerate(pages))
    return f"""<!doctype html><html><head><meta charset=utf-8><title>{esc(conf)}</title><style>
html,body{{margin:0;height:100%;background:#101418;color:#eef;font:28px sans-serif;overflow:hidden}}
header{{height:90px;display:flex;align-items:center;justify-content:space-between;padding:0 40px;font-size:40px;background:#182028}}
footer{{position:absolute;bottom:0;left:0;right:0;height:60px;padding:0 40px;color:#9ab;line-height:60px}}
section{{position:absolute;top:90px;left:0;right:0;bottom:60px;padding:20px 40px;opacity:0;overflow:hidden;
  animation:turn {cycle}s linear infinite}}
@keyframes turn{{0%{{opacity:0}}{fade:.2f}%{{opacity:1}}{shown:.2f}%{{opacity:1}}{shown + fade:.2f}%{{opacity:0}}100%{{opacity:0}}}}
h1{{font-size:48px;margin:10px 0 20px}} h2{{font-size:36px;margin:6px 0}} .m{{color:#9ab}} .t{{color:#7cf;margin-right:20px}}
.card{{background:#182028;border-radius:12px;padding:16px 24px;margin-bottom:18px}} .label{{color:#f96;font-weight:bold}}
ul{{list-style:none;padding:0}} li{{margin:10px 0}}
</style></head><body><header><span>{esc(conf)}</span><span>{hhmm(at)}</span></header>{divs}
<footer>Touch to browse the program</footer></body></html>"""


def wait_for_display(number, timeout=10):
    path = f"/tmp/.X11-unix/X{number}"
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if os.path.exists(path):
            return True
        time.sleep(0.05)
    return False


def free_display():
    for n in range(90, 200):
        if not os.path.exists(f"/tmp/.X11-unix/X{n}") and not os.path.exists(f"/tmp/.X{n}-lock"):
            return n
    raise SystemExit("bench-footprint: no free X display number between :90 and :199")


def stop(proc):
    """Ends a subject's whole session (its process group), then reaps what is left."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
    # What is left of its session (re-parented to this subreaper): end and reap it too.
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        left = [pid for pid, (_, sid, _, _) in tree(proc.pid).items() if sid == proc.pid]
        if not left:
            break
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for pid in left:
            try:
                os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                pass
        time.sleep(0.1)


def run_subject(name, argv, env_extra, warmup, seconds, workdir, log):
    display = free_display()
    xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", "1920x1080x24", "-nolisten", "tcp", "-noreset"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        if not wait_for_display(display):
            raise SystemExit(f"bench-footprint: Xvfb :{display} did not start")
        env = dict(os.environ, DISPLAY=f":{display}", **env_extra)
        env.pop("WAYLAND_DISPLAY", None)
        out = open(os.path.join(workdir, f"{name}.log"), "w")
        proc = subprocess.Popen(argv, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                                cwd=workdir)
        sampler = Sampler(proc.pid)
        end_warm = time.monotonic() + warmup
        while time.monotonic() < end_warm and proc.poll() is None:
            sampler.sample()
            time.sleep(0.5)
        if proc.poll() is not None:
            raise SystemExit(f"bench-footprint: {name} exited early (code {proc.returncode}); see {out.name}")
        sampler.start_window()
        t0 = time.monotonic()
        end = t0 + seconds
        while time.monotonic() < end:
            time.sleep(min(0.5, max(0.0, end - time.monotonic())))
            sampler.sample()
        elapsed = time.monotonic() - t0
        alive = proc.poll() is None
        gl = maps_report(sampler.root)
        stop(proc)
        out.close()
        with open(out.name, encoding="utf-8", errors="replace") as f:
            text = f.read()
        log.write(f"--- {name}: {' '.join(argv)}\n{text}\n")
        return {"name": name, "pss_peak": sampler.peak_pss / 1024, "pss_end": sampler.last_pss / 1024,
                "cpu": sampler.window_cpu(), "seconds": elapsed, "processes": sampler.processes, "alive": alive,
                "gl": gl, "log": text}
    finally:
        stop(xvfb)


def maps_report(pid):
    """Which GL libraries the subject's main process maps."""
    text = read(f"/proc/{pid}/maps") or ""
    libs = sorted({line.split("/")[-1] for line in text.splitlines()
                   if any(k in line for k in ("libGLX", "libLLVM", "libGL.so", "libEGL", "_dri.so", "swrast"))})
    return libs


def touch_bench(hallboard, config_path, workdir, root):
    """Item 3: a drag and a flick on the day's schedule in software at two sizes, each on
    its own Xvfb; the kiosk's own log gives touch-to-screen latency, frames and CPU."""
    import re
    script = os.path.join(root, "tests", "fixtures", "drag.txt")
    pattern = re.compile(r"touch to screen: (\d+) events, median (\d+) ms, p95 (\d+) ms, max (\d+) ms "
                         r"\(frames late at 60 Hz: median (\d+), p95 (\d+)\); ([\d.]+) s touched or gliding: "
                         r"(\d+) frames, (\d+) a second while moving, (\d+) % of a core, ([\d.]+) ms of CPU a frame")
    rows, missed = [], 0
    for size in ("1280x720", "800x480"):
        display = free_display()
        xvfb = subprocess.Popen(["Xvfb", f":{display}", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            if not wait_for_display(display):
                raise SystemExit(f"bench-footprint: Xvfb :{display} did not start")
            env = dict(os.environ, DISPLAY=f":{display}")
            run = subprocess.run([hallboard, "run", "-c", config_path, "--window", "--size", size, "--software",
                                  "--state-dir", os.path.join(workdir, "state"), "--input", script, "--exit-after", "12"],
                                 env=env, capture_output=True, text=True, timeout=120)
        finally:
            stop(xvfb)
        m = pattern.search(run.stderr + run.stdout)
        if not m:
            print(f"{size}: no touch figures in the log:\n{run.stderr}")
            missed += 1
            continue
        events, med, p95, mx, late_med, late_p95, secs, frames, fps, cpu, per_frame = m.groups()
        rows.append((size, events, med, p95, mx, late_p95, fps, cpu, per_frame))
        missed += int(late_p95) > 1 or int(cpu) > 50 or int(fps) < 55
    print(f"Touch to screen, software, {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores: a drag each way and two flicks "
          f"(tests/fixtures/drag.txt)")
    print(f"{'size':10} {'events':>6} {'median':>7} {'p95':>6} {'max':>6} {'p95 late':>9} {'fps':>4} {'core':>5} "
          f"{'CPU a frame':>12}")
    for size, events, med, p95, mx, late_p95, fps, cpu, per_frame in rows:
        print(f"{size:10} {events:>6} {med:>4} ms {p95:>3} ms {mx:>3} ms {late_p95:>6} fr {fps:>4} {cpu:>4}% "
              f"{per_frame:>9} ms")
    print("goal: at most one frame late (p95), 60 frames a second (55 or more), at most half a core: "
          + ("met" if not missed else "MISSED"))
    return 1 if missed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("hallboard", help="the built binary, e.g. build/hallboard")
    ap.add_argument("--warmup", type=float, default=10.0)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    ap.add_argument("--only", choices=["kiosk-software", "kiosk-gl", "chromium"], action="append",
                    help="run only these subjects (no goals checked)")
    ap.add_argument("--keep", help="keep the generated files and logs in this directory")
    ap.add_argument("--touch", action="store_true",
                    help="instead: touch to screen latency of a drag and flicks at 1280x720 and 800x480 (software)")
    args = ap.parse_args()

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    program = os.path.join(root, "data", "mlsys2021.json")
    hallboard = os.path.abspath(args.hallboard)
    if not os.access(hallboard, os.X_OK):
        raise SystemExit(f"bench-footprint: {args.hallboard} is not an executable (build it first)")
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise SystemExit("bench-footprint: cannot become a child subreaper")

    workdir = os.path.abspath(args.keep) if args.keep else tempfile.mkdtemp(prefix="hallboard-footprint-")
    os.makedirs(workdir, exist_ok=True)
    at = "2021-04-06T11:20"
    config = {
        "program": program,
        "clock": {"mode": "replay", "at": at, "speed": 1},
        "rotation": [{"page": p, "seconds": 5} for p in PAGES],
        "transition": {"kind": "fade", "seconds": 0.6},
        "theme": {"name": "dark"},
        "display": {"fullscreen": False, "width": 1920, "height": 1080},
    }
    config_path = os.path.join(workdir, "kiosk.json")
    with open(config_path, "w", encoding="utf-8") as f:
        json.dump(config, f, indent=1)
    page = os.path.join(workdir, "schedule.html")
    with open(page, "w", encoding="utf-8") as f:
        f.write(schedule_html(program, at))

    if args.touch:
        return touch_bench(hallboard, config_path, workdir, root)

    kiosk = [hallboard, "run", "-c", config_path, "--window", "--size", "1920x1080",
             "--state-dir", os.path.join(workdir, "state")]
    subjects = [
        ("kiosk-software", kiosk[:2] + ["--software"] + kiosk[2:], {}),
        ("kiosk-gl", kiosk, {}),
        ("chromium", [args.chromium, "--kiosk", "--no-sandbox", "--no-first-run", "--no-default-browser-check",
                      "--disable-gpu", "--noerrdialogs", "--disable-infobars", "--password-store=basic",
                      "--disable-background-networking", "--disable-component-update", "--disable-sync",
                      "--disable-features=Translate,MediaRouter", "--window-position=0,0", "--window-size=1920,1080",
                      f"--user-data-dir={os.path.join(workdir, 'chromium-profile')}", "file://" + page], {}),
    ]
    if args.only:
        subjects = [s for s in subjects if s[0] in args.only]
    results = {}
    with open(os.path.join(workdir, "logs.txt"), "w", encoding="utf-8") as log:
        for name, argv, env in subjects:
            print(f"bench-footprint: {name}: {args.warmup:g} s warm-up, {args.seconds:g} s measured", flush=True)
            results[name] = run_subject(name, argv, env, args.warmup, args.seconds, workdir, log)

    print()
    print(f"Footprint, {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, 1920x1080 Xvfb, "
          f"{args.warmup:g} s warm-up then {args.seconds:g} s measured, load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores")
    print(f"{'subject':16} {'PSS peak':>10} {'PSS end':>10} {'CPU':>8} {'procs':>6}  GL libraries mapped")
    for r in results.values():
        renderer = next((l.split("renderer ", 1)[1] for l in r["log"].splitlines() if "hallboard: renderer " in l), "")
        note = (", ".join(r["gl"]) or "none") + (f"; renderer {renderer}" if renderer else "")
        if not r["alive"]:
            note += "; EXITED during the run"
        print(f"{r['name']:16} {r['pss_peak']:8.1f} M {r['pss_end']:8.1f} M {r['cpu']:6.2f} s {r['processes']:6}  {note}")
    for r in results.values():
        for line in r["log"].splitlines():
            if "software rasteriser" in line or "falling back" in line:
                print(f"  {r['name']}: {line}")

    if args.only:
        return 0
    sw, gl, ch = results["kiosk-software"], results["kiosk-gl"], results["chromium"]
    goals = [
        ("kiosk PSS peak <= 1/10 of Chromium's", sw["pss_peak"] * 10 <= ch["pss_peak"],
         f"1/{ch['pss_peak'] / max(sw['pss_peak'], 1e-9):.1f}"),
        ("kiosk PSS end <= 1/10 of Chromium's", sw["pss_end"] * 10 <= ch["pss_end"],
         f"1/{ch['pss_end'] / max(sw['pss_end'], 1e-9):.1f}"),
        ("kiosk CPU (software) <= 1/5 of Chromium's", sw["cpu"] * 5 <= ch["cpu"],
         f"1/{ch['cpu'] / max(sw['cpu'], 1e-9):.1f}"),
        ("GL path PSS no worse than software", gl["pss_peak"] <= sw["pss_peak"] * 1.1,
         f"{gl['pss_peak']:.1f} vs {sw['pss_peak']:.1f} MiB"),
        ("GL path CPU no worse than software", gl["cpu"] <= max(sw["cpu"] * 1.1, sw["cpu"] + 0.05),
         f"{gl['cpu']:.2f} vs {sw['cpu']:.2f} s"),
        ("every subject ran to the end", all(r["alive"] for r in results.values()), ""),
    ]
    print()
    missed = 0
    for text, ok, figure in goals:
        print(f"  {'met   ' if ok else 'MISSED'} {text}: {figure}")
        missed += not ok
    if not args.keep:
        shutil.rmtree(workdir, ignore_errors=True)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
