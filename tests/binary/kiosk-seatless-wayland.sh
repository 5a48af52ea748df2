#!/usr/bin/env bash
# A kiosk told to use SDL's Wayland driver under a compositor with no seat (wl_seat):
# headless weston 10 has none, and SDL 2.26 (Debian 12) then crashes in SDL_Init
# (segfault at 0x100, libsdl-org/SDL#8898; the kiosk died with it, exit 139, before any
# word). The kiosk asks the compositor first: with an X display beside it (Xwayland on a
# desktop; here an Xvfb) it draws through SDL's x11 driver and says why; with none it
# ends with the reason, for systemd to report, instead of a crash.
#   tests/binary/kiosk-seatless-wayland.sh HALLBOARD SOURCE_DIR
set -euo pipefail
hallboard=$1
src=$(cd "$2" && pwd)
. "$(dirname "$0")/lib.sh"
command -v weston >/dev/null || { echo "kiosk-seatless-wayland: SKIPPED: no weston (tools/setup-debian.sh)"; exit 77; }
command -v Xvfb >/dev/null || { echo "kiosk-seatless-wayland: SKIPPED: no Xvfb (tools/setup-debian.sh)"; exit 77; }
make_work --counts
kill_at_exit wpid
fail_logs="$kiosk_log $work/weston.log"

export XDG_RUNTIME_DIR="$work/run"
mkdir -m 700 "$XDG_RUNTIME_DIR"
weston --backend=headless-backend.so --socket=hallboard-seatless --width=1024 --height=768 --idle-time=0 \
  > "$work/weston.log" 2>&1 &
wpid=$!
wait_until 5 test -S "$XDG_RUNTIME_DIR/hallboard-seatless" || fail "weston did not start"
export WAYLAND_DISPLAY=hallboard-seatless SDL_VIDEODRIVER=wayland

# Runs the kiosk for 3 s in the foreground; $code is how it ended.
run_kiosk() {
  set +e
  ${HALLBOARD_EMULATOR:-} "$hallboard" run -c "$src/config/kiosk.json" --window --software --size 800x480 \
    --exit-after 3 --state-dir "$work/state-$1" > "$kiosk_log" 2>&1
  code=$?
  set -e
}

# No X display: ended with the reason, not a crash.
unset DISPLAY
run_kiosk alone
[ "$code" -lt 128 ] || fail "the kiosk died of signal $((code - 128)) under a seatless compositor"
[ "$code" -ne 0 ] || fail "the kiosk said it ran without a display"
grep -q "the Wayland compositor offers no seat (wl_seat), where SDL 2.26's Wayland driver crashes; no X display or other video driver to use instead: the display is not opened" \
  "$kiosk_log" || fail "the kiosk did not say why it did not open the display"
echo "kiosk-seatless-wayland: without an X display the kiosk ends with the reason (exit $code)"

# Wayland second in a list (SDL tries the next when one fails): taken out of it.
SDL_VIDEODRIVER=x11,wayland run_kiosk list
[ "$code" -lt 128 ] || fail "the kiosk died of signal $((code - 128)) with wayland second in SDL_VIDEODRIVER"
grep -q "where SDL 2.26's Wayland driver crashes: SDL's x11 instead" "$kiosk_log" ||
  fail "the kiosk did not take wayland out of SDL_VIDEODRIVER's list"
echo "kiosk-seatless-wayland: wayland second in SDL_VIDEODRIVER is taken out of the list (exit $code)"

# An X display beside it: drawn through SDL's x11 driver.
start_xvfb 1024x768x24
export DISPLAY="$display"
run_kiosk beside
[ "$code" -eq 0 ] || fail "the kiosk ended with $code beside an X display"
grep -q "SDL's x11 instead (DISPLAY $DISPLAY)" "$kiosk_log" || fail "the kiosk did not say it used X11"
grep -q "first frame on screen" "$kiosk_log" || fail "no frame reached the X display"
echo "kiosk-seatless-wayland: beside an X display the kiosk draws through X11 and says why"

# No compositor to ask (an X session): the kiosk does not make libwayland say it has no
# runtime folder ("error: XDG_RUNTIME_DIR is invalid", seen on every start under Xvfb).
env -u XDG_RUNTIME_DIR -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$hallboard" run -c "$src/config/kiosk.json" --window \
  --software --size 800x480 --exit-after 2 --state-dir "$work/state-x11" > "$kiosk_log" 2>&1 || fail "the X11 kiosk failed"
grep -q "XDG_RUNTIME_DIR" "$kiosk_log" && fail "an X11 kiosk made libwayland complain of XDG_RUNTIME_DIR"
echo "kiosk-seatless-wayland: an X11 kiosk asks no compositor that is not there"
echo "1 passed, 0 failed"
