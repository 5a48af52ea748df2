#!/usr/bin/env bash
# Renders the screenshots shown in the README into docs/gallery/ with `hallboard screenshot`.
#   tools/readme-gallery.sh [HALLBOARD]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
hb=${1:-$root/build/hallboard}
out=$root/docs/gallery
mkdir -p "$out"
cfg=$root/config/kiosk.json
"$hb" screenshot -c "$cfg" --at 2021-04-06T09:45 --page now-next --size 1920x1080 -o "$out/door-sign-1920x1080.png"
"$hb" screenshot -c "$cfg" --at 2021-04-06T09:45 --page upcoming --size 1920x1080 -o "$out/upcoming-1920x1080.png"
"$hb" screenshot -c "$cfg" --at 2021-04-06T08:50 --page speakers --size 1080x1920 -o "$out/speaker-1080x1920.png"
"$hb" screenshot -c "$cfg" -p "$root/data/mlsys2022.json" --at 2022-08-30T14:40 --page awards --size 1920x1080 -o "$out/awards-1920x1080.png"
"$hb" screenshot -c "$cfg" -p "$root/data/mlsys2022.json" --at 2022-08-30T14:40 --page now-next --theme light --size 1080x1920 -o "$out/now-next-light-1080x1920.png"
"$hb" screenshot -c "$cfg" --at 2021-04-06T09:45 --page now-next --size 800x480 -o "$out/now-next-800x480.png"
"$hb" screenshot -c "$cfg" --at 2021-04-03T12:00 --page countdown --size 1280x720 -o "$out/countdown-1280x720.png"
# Legibility at a big conference's size: the 40-room, 900-talk stress program.
stress=$root/data/stress-40-rooms.json
"$hb" screenshot -c "$cfg" -p "$stress" --at 2027-06-14T10:40 --page rooms --size 1920x1080 -o "$out/rooms-board-1920x1080.png"
"$hb" screenshot -c "$cfg" -p "$stress" --at 2027-06-14T10:40 --page now-next --size 1920x1080 -o "$out/now-next-40-rooms-1920x1080.png"
"$hb" screenshot -c "$cfg" -p "$stress" --at 2027-06-14T10:40 --page rooms --size 1080x1920 -o "$out/rooms-board-1080x1920.png"
# The 40-room venue as an attendee reads it at 08:30 on the second day: the board at
# 1080p, and on the 7" 800x480 touch screen (its configuration, the stress program).
small=$root/config/small-touch-800x480.json
"$hb" screenshot -c "$cfg" -p "$stress" --at 2027-06-15T08:30 --page rooms --size 1920x1080 -o "$out/rooms-40-day2-0830-1920x1080.png"
"$hb" screenshot -c "$small" -p "$stress" --at 2027-06-15T08:30 --page rooms --size 800x480 -o "$out/rooms-40-day2-0830-800x480.png"
"$hb" screenshot -c "$small" -p "$stress" --at 2027-06-15T08:30 --page now-next --size 800x480 -o "$out/now-next-40-day2-0830-800x480.png"
"$hb" screenshot -c "$cfg" -p "$stress" --at 2027-06-14T10:10 --page upcoming --size 1920x1080 -o "$out/upcoming-40-rooms-1920x1080.png"
"$hb" screenshot -c "$cfg" -p "$stress" --at 2027-06-14T10:10 --page speakers --size 1920x1080 -o "$out/speakers-40-rooms-1920x1080.png"
"$hb" screenshot -c "$cfg" --at 2021-04-06T09:45 --page upcoming --size 1080x1920 -o "$out/upcoming-1080x1920.png"
"$hb" screenshot -c "$cfg" --at 2021-04-06T09:45 --page now-next --size 1080x1920 -o "$out/door-sign-1080x1920.png"
# Slides (assets/slides/) and the demo announcement banner, from the default config.
"$hb" screenshot -c "$cfg" --at 2021-04-06T12:00 --page slide:1 --size 1920x1080 -o "$out/slide-sponsor-1920x1080.png"
"$hb" screenshot -c "$cfg" --at 2021-04-06T12:00 --page slide:2 --size 800x480 -o "$out/slide-text-800x480.png"
"$hb" screenshot -c "$cfg" --at 2021-04-06T12:00 --page slide:3 --size 1080x1920 -o "$out/slide-lunch-1080x1920.png"
"$hb" screenshot -c "$cfg" --at 2021-04-06T12:00 --page slide:1 --size 3840x2160 -o "$out/slide-sponsor-3840x2160.png"
"$hb" screenshot -c "$cfg" --at 2021-04-06T09:15 --page announcements --size 1280x720 -o "$out/announcements-1280x720.png"
# Track and language chips: the camp 2019 frab export (talks in German and English,
# seven tracks), imported on the fly.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$hb" import "$root/tests/fixtures/formats/voc-frab-camp2019.schedule.json" -o "$tmp/camp.json" -q 2>/dev/null
"$hb" screenshot -c "$cfg" -p "$tmp/camp.json" --at 2019-08-21T13:20 --page now-next --size 1280x720 -o "$out/tracks-languages-1280x720.png"
# Touch browsing, driven by the input scripts in docs/scripts/.
scripts=$root/docs/scripts
"$hb" screenshot -c "$cfg" --at 2021-04-06T09:45 --size 800x480 --input "$scripts/search-micro.txt" -o "$out/search-800x480.png"
"$hb" screenshot -c "$cfg" --at 2021-04-06T09:45 --size 1920x1080 --input "$scripts/open-pipemare.txt" -o "$out/talk-1920x1080.png"
"$hb" screenshot -c "$cfg" --at 2021-04-06T09:45 --size 1080x1920 --input "$scripts/browse-schedule.txt" -o "$out/schedule-1080x1920.png"
"$hb" screenshot -c "$cfg" --at 2021-04-06T09:45 --size 1920x1080 --input "$scripts/tap-live-talk.txt" -o "$out/tapped-talk-1920x1080.png"
# Every script through the one text engine: the multi-script program (data/multiscript.json).
ms=$root/data/multiscript.json
"$hb" screenshot -c "$cfg" -p "$ms" --at 2025-03-12T09:20 --page now-next --size 1920x1080 -o "$out/scripts-now-next-1920x1080.png"
"$hb" screenshot -c "$cfg" -p "$ms" --at 2025-03-12T09:20 --page rooms --size 1280x720 -o "$out/scripts-rooms-1280x720.png"
"$hb" screenshot -c "$cfg" -p "$ms" --at 2025-03-12T09:20 --page upcoming --size 1080x1920 -o "$out/scripts-upcoming-1080x1920.png"
"$hb" screenshot -c "$cfg" -p "$ms" --at 2025-03-12T09:20 --page speakers --size 800x480 -o "$out/scripts-speakers-800x480.png"
"$hb" screenshot -c "$cfg" -p "$ms" --at 2025-03-12T09:20 --page awards --size 3840x2160 -o "$out/scripts-awards-3840x2160.png"
# Directions (data/mlsys2021.venue.json, which the default configuration uses).
"$hb" screenshot -c "$cfg" --at 2021-04-06T09:45 --size 1920x1080 --input "$scripts/open-pipemare.txt" -o "$out/wayfinding-talk-1920x1080.png"
"$hb" screenshot -c "$cfg" --at 2021-04-06T09:45 --size 1080x1920 --input "$scripts/open-pipemare.txt" -o "$out/wayfinding-talk-1080x1920.png"
"$hb" screenshot -c "$cfg" --at 2021-04-06T09:45 --size 800x480 --input "$scripts/open-pipemare.txt" -o "$out/wayfinding-talk-800x480.png"
"$hb" screenshot -c "$cfg" --at 2021-04-06T09:45 --page now-next --size 800x480 -o "$out/wayfinding-door-sign-800x480.png"
# Eight rooms on three floors, names in eight scripts (config/world-scripts.json).
ws=$root/config/world-scripts.json
"$hb" screenshot -c "$ws" --at 2025-03-12T09:20 --page rooms --size 1280x720 -o "$out/wayfinding-rooms-1280x720.png"
"$hb" screenshot -c "$ws" --at 2025-03-12T09:20 --page rooms --size 800x480 -o "$out/wayfinding-rooms-800x480.png"
# A room's page: a touch on the room's name on the door sign (its place differs in portrait).
"$hb" screenshot -c "$cfg" --at 2021-04-06T09:45 --page now-next --size 1920x1080 --input "$scripts/open-room.txt" -o "$out/room-1920x1080.png"
"$hb" screenshot -c "$cfg" --at 2021-04-06T09:45 --page now-next --size 1080x1920 --input "$scripts/open-room-portrait.txt" -o "$out/room-1080x1920.png"
"$hb" screenshot -c "$cfg" --at 2021-04-06T09:45 --page now-next --size 3840x2160 --input "$scripts/open-room.txt" -o "$out/room-3840x2160.png"

# The kiosk's own words in German, French and Spanish (docs/configuration.md#languages):
# the default configuration with "language" set, in a folder of its own.
langs=$(mktemp -d)
trap 'rm -rf "$langs"' EXIT
for lang in de fr es; do
  # paths in the copy are absolute: the copy lives elsewhere
  sed -e "s|\"\\.\\./|\"$root/|g" -e "s|\"overrides.demo.json\"|\"$root/config/overrides.demo.json\"|" \
      -e "s|\"program\": \"\\([^\"]*\\)\",|\"program\": \"\\1\", \"language\": \"$lang\",|" \
    "$cfg" >"$langs/kiosk-$lang.json"
done
"$hb" screenshot -c "$langs/kiosk-de.json" --at 2021-04-06T09:45 --page now-next --size 1920x1080 -o "$out/language-de-now-next-1920x1080.png"
"$hb" screenshot -c "$langs/kiosk-fr.json" --at 2021-04-06T09:45 --page upcoming --size 1920x1080 -o "$out/language-fr-upcoming-1920x1080.png"
"$hb" screenshot -c "$langs/kiosk-es.json" --at 2021-04-03T12:00 --page countdown --size 800x480 -o "$out/language-es-countdown-800x480.png"
"$hb" screenshot -c "$langs/kiosk-de.json" --at 2021-04-06T09:45 --size 800x480 --input "$scripts/search-micro.txt" -o "$out/language-de-search-800x480.png"
"$hb" screenshot -c "$langs/kiosk-fr.json" --at 2021-04-06T09:45 --size 800x480 --input "$scripts/search-micro.txt" -o "$out/language-fr-search-800x480.png"
"$hb" screenshot -c "$langs/kiosk-es.json" --at 2021-04-06T09:45 --size 1920x1080 --input "$scripts/open-pipemare.txt" -o "$out/language-es-talk-1920x1080.png"
# The moments that matter: a stage's timer in its last minutes, a full room's door sign,
# and an evacuation drill from the lobby screen (files of their own in the same folder).
"$hb" screenshot -c "$root/config/stage-timer.json" --at 2021-04-06T09:28:30 --page timer --size 1920x1080 -o "$out/timer-1920x1080.png"
cat >"$langs/full.json" <<JSON
{"rooms": {"Main room": {"state": "full", "since": "2021-04-06T09:40"}}}
JSON
cat >"$langs/door-full.json" <<JSON
{"program": "$root/data/mlsys2021.json", "overrides": "full.json", "venue": "$root/data/mlsys2021.venue.json",
 "here": {"point": "lobby-kiosk", "facing": "N"}, "rooms": ["Main room"], "rotation": [{"page": "now-next"}]}
JSON
"$hb" screenshot -c "$langs/door-full.json" --at 2021-04-06T09:45 --page now-next --size 1920x1080 -o "$out/door-sign-full-1920x1080.png"
cat >"$langs/drill.json" <<JSON
{"emergency": {"title": "Fire alarm: leave the building", "text": "Walk, do not run. Leave your bags. Meet at the car park across the street.", "kind": "evacuate", "drill": true}}
JSON
sed -e 's/"full.json"/"drill.json"/' -e 's/"rooms": \["Main room"\], //' "$langs/door-full.json" >"$langs/lobby-drill.json"
"$hb" screenshot -c "$langs/lobby-drill.json" --at 2021-04-06T09:45 --size 1920x1080 -o "$out/emergency-drill-1920x1080.png"
"$hb" screenshot -c "$langs/lobby-drill.json" --at 2021-04-06T09:45 --size 1080x1920 -o "$out/emergency-drill-1080x1920.png"
