#!/usr/bin/env bash
# Renders every page at every screen size the kiosk must handle, with headless
# `hallboard screenshot`, into OUTPUT_DIR (default: build/gallery).
#   tools/gallery.sh [HALLBOARD] [OUTPUT_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
hallboard=${1:-$root/build/hallboard}
out=${2:-$root/build/gallery}
mkdir -p "$out"
sizes=(800x480 1280x720 1920x1080 1080x1920 3840x2160)
shot() {  # name program at page [extra...]
  local name=$1 program=$2 at=$3 page=$4
  shift 4
  for size in "${sizes[@]}"; do
    "$hallboard" screenshot --config "$root/config/kiosk.json" --program "$root/data/$program" --at "$at" \
      --page "$page" --size "$size" -o "$out/$name-$size.png" "$@" > /dev/null
  done
}
shot now-next mlsys2021.json 2021-04-06T09:45 now-next
shot upcoming mlsys2021.json 2021-04-06T09:45 upcoming
shot speakers mlsys2021.json 2021-04-06T08:50 speakers
shot awards mlsys2022.json 2022-08-30T14:40 awards
shot now-next-2022 mlsys2022.json 2022-08-30T14:40 now-next --theme light
shot countdown mlsys2021.json 2021-04-03T12:00 countdown
shot closing mlsys2022.json 2022-08-31T09:00 closing
shot welcome mlsys2023-papers.json 2023-06-05T10:00 welcome
echo "gallery: $(ls "$out" | wc -l) images in $out"
