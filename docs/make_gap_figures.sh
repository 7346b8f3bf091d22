#!/usr/bin/env bash
# Renders docs/gap.md's pictures (the viewer's headless screenshots under Xvfb): each table
# model's thesis clip at its last frame, rigid against gap with the patches highlighted.
# Usage: docs/make_gap_figures.sh [path/to/skinlab]   (default: build/skinlab)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
skinlab="${1:-build/skinlab}"
out=docs/figures/gap
mkdir -p "$out"
shot() { xvfb-run -a -s "-screen 0 1280x1024x24" "$skinlab" view "$@" >/dev/null; }
# model, part to aim at, camera yaw
for spec in "homer arm_r_lower 280" "homer leg_l_lower 100" "cow leg_fl_lower 300" "camel leg_fl_lower 300" \
            "diplodocus leg_fr_lower 60"; do
  read -r model part yaw <<<"$spec"
  for skinning in rigid gap; do
    shot "$model" --clip "clips/${model}_thesis_gap.clip" --frame 3 --skinning "$skinning" --patches \
      --focus "$part" --zoom 4 --yaw "$yaw" --pitch 10 --size 360x360 \
      --screenshot "$out/$model-$part-$skinning.png"
  done
done
