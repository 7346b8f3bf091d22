#!/usr/bin/env bash
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
