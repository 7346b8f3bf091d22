#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Renders docs/viewer.md's and docs/gap.md's pictures with the viewer's headless screenshot mode
# under Xvfb.
# Usage: docs/make_viewer_figures.sh [path/to/skinlab]   (default: build/skinlab)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
skinlab="${1:-build/skinlab}"
out=docs/figures/viewer
mkdir -p "$out"
shot() { xvfb-run -a -s "-screen 0 1280x1024x24" "$skinlab" view "$@" >/dev/null; }
declare -A clip=([homer]=clips/homer_wave.clip [cow]=clips/cow_walk.clip)
for model in homer cow; do
  shot "$model" --screenshot "$out/$model-parts.png" --size 400x340
  for method in opening centroid pa pa-refined; do
    shot "$model" --method "$method" --render xray --screenshot "$out/$model-$method.png" --size 400x340
  done
  for frame in 0 9 18 27 36 45; do
    shot "$model" --clip "${clip[$model]}" --screenshot "$out/$model-frame-$frame.png" --frame "$frame" --size 240x220
  done
done
# docs/gap.md: each table model's thesis clip at its last frame, rigid against gap with the
# patches highlighted (model, the part aimed at, camera yaw).
mkdir -p docs/figures/gap
for spec in "homer arm_r_lower 280" "homer leg_l_lower 100" "cow leg_fl_lower 300" "camel leg_fl_lower 300" \
            "diplodocus leg_fr_lower 60"; do
  read -r model part yaw <<<"$spec"
  for skinning in rigid gap gap-thesis; do
    shot "$model" --clip "clips/${model}_thesis_gap.clip" --frame 3 --skinning "$skinning" --patches \
      --focus "$part" --zoom 4 --yaw "$yaw" --pitch 10 --size 360x360 \
      --screenshot "docs/figures/gap/$model-$part-$skinning.png"
  done
done
# docs/formats.md: the joint frame's three axes on homer's right upper arm, each turned alone by a
# one-key clip (rx from the side, ry and rz from the front and the side).
mkdir -p docs/figures/axes
axes_clips=$(mktemp -d)
for spec in "rest rx 0 -90" "rx rx 60 -90" "ry ry -80 0" "rz rz 60 -90"; do
  read -r name axis degrees yaw <<<"$spec"
  printf 'animation\n{\n  range 0 1\n  numChannels 1\n  channel arm_r_upper.%s\n  {\n    extrapolate constant constant\n    keys 1\n    {\n      0 %s flat flat\n    }\n  }\n}\n' \
    "$axis" "$degrees" >"$axes_clips/$name.clip"
  shot homer --clip "$axes_clips/$name.clip" --frame 0 --no-limits --yaw "$yaw" --size 260x300 \
    --screenshot "docs/figures/axes/homer-arm_r_upper-$name.png"
done
rm -rf "$axes_clips"
