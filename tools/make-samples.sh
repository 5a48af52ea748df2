#!/usr/bin/env bash
# Regenerates the bundled sample programs in data/ from data/seeds/ with `hallboard import`.
#   tools/make-samples.sh [HALLBOARD] [OUTPUT_DIR]
# Defaults: build/hallboard, data/. A cross-built HALLBOARD runs under $HALLBOARD_EMULATOR
# (qemu-user; empty natively). Years, zones and names are given explicitly so the
# output does not depend on the day it is made.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
hallboard=${1:-$root/build/hallboard}
out=${2:-$root/data}
seeds=$root/data/seeds
mkdir -p "$out"
common=(--quiet --reference-year 2026)

# MLSys 2021 (online): Tuesday's schedule with the invited talk and its speaker's bio.
${HALLBOARD_EMULATOR:-} "$hallboard" import "${common[@]}" "$seeds/mlsys2021-tuesday-schedule.txt" -o "$out/mlsys2021.json" \
  --year 2021 --timezone America/Los_Angeles --name "MLSys 2021"

# MLSys 2022: the "Hardware Efficient ML" session page merged with the award page.
${HALLBOARD_EMULATOR:-} "$hallboard" import "${common[@]}" "$seeds/mlsys2022-session-hardware-efficient-ml.txt" \
  "$seeds/mlsys2022-outstanding-paper-awards.txt" -o "$out/mlsys2022.json" --year 2022 --name "MLSys 2022"

# MLSys 2023: the accepted-paper list (no times or rooms).
${HALLBOARD_EMULATOR:-} "$hallboard" import "${common[@]}" "$seeds/mlsys2023-accepted-papers.txt" -o "$out/mlsys2023-papers.json" \
  --name "MLSys 2023" --timezone America/Los_Angeles

# An arXiv reading list on systems for machine learning.
${HALLBOARD_EMULATOR:-} "$hallboard" import "${common[@]}" "$seeds/arxiv-systems-for-ml.txt" -o "$out/arxiv-systems-ml.json" \
  --name "Systems for ML: arXiv reading list"
