#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Segments every standard model, and the thesis-granularity set (NAME-thesis, docs/models.md), with
# its entry in experiments/segmentation.json and writes the
# committed refined meshes (models/NAME.off), labels (models/NAME.seg), hierarchies (skeletons/NAME.skel) and pictures
# (docs/figures/parts-NAME-{a,b}.png: the viewer's screenshots from two sides, under Xvfb), then
# prints the rows of docs/models.md's table.
# Usage: experiments/segment_standard_models.sh [path/to/skinlab]   (default: build/skinlab)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
skinlab="${1:-build/skinlab}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "| model | parts | vertices | triangles | segmentation (s) |"
echo "|---|---:|---:|---:|---:|"
for model in homer cow camel dino man armadillo bull triceratops diplodocus cactus \
  homer-thesis cow-thesis camel-thesis dino-thesis diplodocus-thesis; do
  # Prints "MODEL: N parts, V vertices, F triangles, T s".
  "$skinlab" segment "$model" --params experiments/segmentation.json -o "$work/$model.obj" --off "models/$model.off" \
    --seg "models/$model.seg" --skel "skeletons/$model.skel" |
    awk '/ parts, / { printf "| %s | %s | %s | %s | %.3f |\n", substr($1, 1, length($1) - 1), $2, $4, $6, $8 }'
  for side in a:30 b:210; do
    xvfb-run -a -s "-screen 0 1280x1024x24" "$skinlab" view "$model" --yaw "${side#*:}" --pitch 15 \
      --screenshot "docs/figures/parts-$model-${side%%:*}.png" --size 440x360 >/dev/null
  done
done
