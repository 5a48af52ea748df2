#!/usr/bin/env python3
"""The virtual Pi under QEMU: boot a disk made by tools/vm/image.sh, and act on the
running machine the way a person at the kiosk (or the power switch) would.

  vm.py boot RUN_DIR [--arch amd64|arm64] [--size 1280x720] [--append ARGS]
                                                                start QEMU in the background
  vm.py screendump RUN_DIR OUT.ppm                              what the panel shows now
  vm.py tap RUN_DIR X Y                                         a touch at pixel X,Y (USB tablet)
  vm.py exec RUN_DIR -- CMD...                                  a command in the guest (as root)
  vm.py cut RUN_DIR                                             power cut: QMP quit, no shutdown
  vm.py wait-frame RUN_DIR [--timeout S]                        until the panel shows a picture

RUN_DIR holds disk.ext4, vmlinuz and initrd.img (from image.sh); QEMU's sockets, its
pid and the serial console's log (serial.log: kernel, and the journal forwarded to the
console) are written beside them. No network (-nic none). Everything runs under TCG:
/dev/kvm is not used.

QMP (QEMU's machine protocol) does the screendump, the input and the power; the guest
agent (qemu-guest-agent, in the image) runs commands inside the guest for the tests:
copying a program into the watched folder, reading the journal.
"""
import argparse
import base64
import json
import os
import socket
import subprocess
import sys
import time

# The tablet's axes run 0..32767 (QEMU's input layer scales them to the device).
AXIS_MAX = 32767


class Monitor:
    """A minimal client for QMP and for the guest agent's protocol (both JSON lines)."""

    def __init__(self, path, timeout=30.0, agent=False):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(path)
        self.buf = b""
        self.agent = agent
        if not agent:
            self._read()  # greeting
            self.call("qmp_capabilities")
        else:
            # Resynchronise: the agent may hold a half-read request from an earlier client.
            token = int(time.time() * 1000) % 2147483647
            self.sock.sendall(b"\xff" + json.dumps({"execute": "guest-sync-delimited", "arguments": {"id": token}}).encode())
            while True:
                msg = self._read()
                if msg.get("return") == token:
                    break

    def _read(self):
        while b"\n" not in self.buf:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the monitor closed the connection")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        line = line.replace(b"\xff", b"").strip()
        if not line:
            return self._read()
        return json.loads(line)

    def call(self, command, **arguments):
        msg = {"execute": command}
        if arguments:
            msg["arguments"] = arguments
        self.sock.sendall(json.dumps(msg).encode() + b"\n")
        while True:
            reply = self._read()
            if "event" in reply:
                continue
            if "error" in reply:
                raise RuntimeError(f"{command}: {reply['error'].get('desc', reply['error'])}")
            return reply.get("return")

    def close(self):
        self.sock.close()


def qmp(run_dir, timeout=30.0):
    return Monitor(os.path.join(run_dir, "qmp.sock"), timeout)


def agent(run_dir, timeout=30.0):
    return Monitor(os.path.join(run_dir, "qga.sock"), timeout, agent=True)


def running(run_dir):
    try:
        pid = int(open(os.path.join(run_dir, "qemu.pid")).read())
        os.kill(pid, 0)
        return pid
    except (OSError, ValueError):
        return None


def boot(run_dir, arch="amd64", size="1280x720", memory="1024", append=""):
    if running(run_dir):
        raise SystemExit(f"vm.py: a machine already runs from {run_dir}")
    w, h = size.split("x")
    for name in ("qmp.sock", "qga.sock"):
        try:
            os.unlink(os.path.join(run_dir, name))
        except FileNotFoundError:
            pass
    cmdline = "root=/dev/vda rw console=ttyS0 systemd.journald.forward_to_console=1 consoleblank=0"
    if append:
        cmdline += " " + append  # e.g. systemd.mask=UNIT: the same disk, another kiosk
    if arch == "amd64":
        # No i8042: its PS/2 mouse would take the tablet's button presses (QEMU gives a
        # button to the first handler of buttons).
        cmd = ["qemu-system-x86_64", "-machine", "q35,i8042=off", "-accel", "tcg", "-cpu", "max", "-smp", "2"]
        gpu = f"virtio-gpu-pci,id=video0,xres={w},yres={h}"
    else:
        cmdline = cmdline.replace("ttyS0", "ttyAMA0")
        cmd = ["qemu-system-aarch64", "-machine", "virt", "-accel", "tcg", "-cpu", "cortex-a72", "-smp", "2"]
        gpu = f"virtio-gpu-pci,id=video0,xres={w},yres={h}"
    cmd += [
        "-nodefaults", "-m", memory, "-no-reboot",
        "-kernel", os.path.join(run_dir, "vmlinuz"), "-initrd", os.path.join(run_dir, "initrd.img"),
        "-append", cmdline,
        "-drive", f"file={os.path.join(run_dir, 'disk.ext4')},format=raw,if=virtio,cache=writeback",
        "-device", gpu,
        "-device", "qemu-xhci", "-device", "usb-tablet,id=tablet",
        "-nic", "none", "-display", "none",
        "-serial", f"file:{os.path.join(run_dir, 'serial.log')}",
        "-qmp", f"unix:{os.path.join(run_dir, 'qmp.sock')},server=on,wait=off",
        "-chardev", f"socket,id=qga0,path={os.path.join(run_dir, 'qga.sock')},server=on,wait=off",
        "-device", "virtio-serial", "-device", "virtserialport,chardev=qga0,name=org.qemu.guest_agent.0",
    ]
    log = open(os.path.join(run_dir, "qemu.log"), "ab")
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
    with open(os.path.join(run_dir, "qemu.pid"), "w") as f:
        f.write(str(proc.pid))
    with open(os.path.join(run_dir, "booted-at"), "w") as f:
        f.write(repr(time.time()))
    deadline = time.time() + 30
    while not os.path.exists(os.path.join(run_dir, "qmp.sock")):
        if proc.poll() is not None:
            raise SystemExit("vm.py: QEMU exited at once:\n" + open(os.path.join(run_dir, "qemu.log")).read()[-2000:])
        if time.time() > deadline:
            raise SystemExit("vm.py: QEMU made no QMP socket in 30 s")
        time.sleep(0.1)
    return proc.pid


def read_ppm(path):
    """(width, height, bytes RGB) of a binary PPM (P6, maxval 255), as QEMU writes."""
    data = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError(f"{path}: not an 8-bit P6 PPM")
    w, h = int(fields[1]), int(fields[2])
    pixels = data[pos + 1:pos + 1 + w * h * 3]
    if len(pixels) != w * h * 3:
        raise ValueError(f"{path}: short PPM")
    return w, h, pixels


def screendump(run_dir, out):
    m = qmp(run_dir)
    try:
        m.call("screendump", filename=os.path.abspath(out))
    finally:
        m.close()
    return read_ppm(out)


def is_picture(pixels, step=997):
    """More than a few colours: a drawn frame, not a black or one-colour screen or a
    console's text on black (which has two)."""
    seen = set()
    for i in range(0, len(pixels) - 3, step * 3):
        seen.add(pixels[i:i + 3])
        if len(seen) > 8:
            return True
    return False


def wait_frame(run_dir, timeout=300.0, out=None):
    """Seconds from QEMU's start to the first screendump that is a drawn picture."""
    started = float(open(os.path.join(run_dir, "booted-at")).read())
    out = out or os.path.join(run_dir, "first-frame.ppm")
    deadline = time.time() + timeout
    while time.time() < deadline:
        if not running(run_dir):
            raise SystemExit("vm.py: the machine stopped before showing a frame")
        try:
            _, _, pixels = screendump(run_dir, out)
            if is_picture(pixels):
                return time.time() - started
        except (OSError, ValueError, RuntimeError):
            pass
        time.sleep(0.5)
    return None


def tap(run_dir, x, y, width=None, height=None):
    """A touch: the USB tablet moves and presses and releases its button, as
    input-send-event sends it. With the panel's width and height, (x, y) is a pixel,
    scaled to the tablet's 0..32767 axes; without, (x, y) are the axis values themselves
    (SDL 2.26 on kmsdrm passes them on unscaled as pixels)."""
    ax = round(x * AXIS_MAX / max(1, width - 1)) if width else x
    ay = round(y * AXIS_MAX / max(1, height - 1)) if height else y
    m = qmp(run_dir)
    try:
        # The tablet is the machine's only pointer (no i8042: see boot()).
        m.call("input-send-event",
               events=[{"type": "abs", "data": {"axis": "x", "value": ax}},
                       {"type": "abs", "data": {"axis": "y", "value": ay}}])
        time.sleep(0.1)
        m.call("input-send-event", events=[{"type": "btn", "data": {"down": True, "button": "left"}}])
        time.sleep(0.15)
        m.call("input-send-event", events=[{"type": "btn", "data": {"down": False, "button": "left"}}])
    finally:
        m.close()


def guest_exec(run_dir, argv, timeout=60.0, stdin=None):
    """Runs argv in the guest as root through the guest agent; (exit code, stdout, stderr)."""
    a = agent(run_dir, timeout)
    try:
        args = {"path": argv[0], "arg": list(argv[1:]), "capture-output": True}
        if stdin is not None:
            args["input-data"] = base64.b64encode(stdin).decode()
        pid = a.call("guest-exec", **args)["pid"]
        deadline = time.time() + timeout
        while True:
            st = a.call("guest-exec-status", pid=pid)
            if st.get("exited"):
                out = base64.b64decode(st.get("out-data", "")) if st.get("out-data") else b""
                err = base64.b64decode(st.get("err-data", "")) if st.get("err-data") else b""
                return st.get("exitcode", -1), out.decode(errors="replace"), err.decode(errors="replace")
            if time.time() > deadline:
                raise TimeoutError(f"guest command {argv} still running after {timeout} s")
            time.sleep(0.2)
    finally:
        a.close()


def wait_agent(run_dir, timeout=120.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            code, _, _ = guest_exec(run_dir, ["/bin/true"], timeout=10)
            if code == 0:
                return True
        except (OSError, ConnectionError, TimeoutError, RuntimeError, socket.timeout):
            pass
        time.sleep(1)
    return False


def cut(run_dir, timeout=20.0):
    """The power goes: QEMU quits at once, the guest gets no shutdown."""
    pid = running(run_dir)
    if not pid:
        return
    try:
        m = qmp(run_dir, 5)
        m.call("quit")
        m.close()
    except (OSError, ConnectionError, RuntimeError):
        pass
    deadline = time.time() + timeout
    while time.time() < deadline and running(run_dir):
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass
        time.sleep(0.1)
    if running(run_dir):
        os.kill(pid, 9)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("boot")
    b.add_argument("run_dir")
    b.add_argument("--arch", default="amd64", choices=["amd64", "arm64"])
    b.add_argument("--size", default="1280x720")
    b.add_argument("--append", default="", help="more of the kernel's command line")
    s = sub.add_parser("screendump")
    s.add_argument("run_dir")
    s.add_argument("out")
    t = sub.add_parser("tap")
    t.add_argument("run_dir")
    t.add_argument("x", type=int)
    t.add_argument("y", type=int)
    t.add_argument("--size", default="1280x720", help="the panel's size; 'raw': X and Y are axis values")
    e = sub.add_parser("exec")
    e.add_argument("run_dir")
    e.add_argument("argv", nargs="+")
    c = sub.add_parser("cut")
    c.add_argument("run_dir")
    f = sub.add_parser("wait-frame")
    f.add_argument("run_dir")
    f.add_argument("--timeout", type=float, default=300)
    a = p.parse_args()
    if a.cmd == "boot":
        print(boot(a.run_dir, a.arch, a.size, append=a.append))
    elif a.cmd == "screendump":
        w, h, _ = screendump(a.run_dir, a.out)
        print(f"{a.out}: {w}x{h}")
    elif a.cmd == "tap":
        if a.size == "raw":
            tap(a.run_dir, a.x, a.y)
        else:
            w, h = (int(v) for v in a.size.split("x"))
            tap(a.run_dir, a.x, a.y, w, h)
    elif a.cmd == "exec":
        code, out, err = guest_exec(a.run_dir, a.argv)
        sys.stdout.write(out)
        sys.stderr.write(err)
        sys.exit(code)
    elif a.cmd == "cut":
        cut(a.run_dir)
    elif a.cmd == "wait-frame":
        t = wait_frame(a.run_dir, a.timeout)
        if t is None:
            sys.exit("vm.py: no frame")
        print(f"first frame {t:.1f} s after power-on")


if __name__ == "__main__":
    main()
