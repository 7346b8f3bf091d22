#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Renders the pictures of docs/skeletonization.md with the viewer's headless screenshot mode
# (`skinlab view --render xray --screenshot`) under Xvfb.
# Usage: docs/make_figures.sh [path/to/skinlab]   (default: build/skinlab)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
skinlab="${1:-build/skinlab}"
out=docs/figures
mkdir -p "$out"
methods=(opening centroid pa pa-refined)
shot() { xvfb-run -a -s "-screen 0 1280x1024x24" "$skinlab" view "$@" --render xray >/dev/null; }
for model in bent cross blocky; do
  for method in "${methods[@]}"; do
    shot "docs/data/$model.obj" --method "$method" --screenshot "$out/$model-$method.png" --size 400x300
  done
  shot "docs/data/$model.obj" --method pa --all-axes --screenshot "$out/$model-pa-all-axes.png" --size 400x300
done
for model in homer cow camel dino man armadillo bull triceratops diplodocus cactus; do
  for method in "${methods[@]}"; do
    shot "$model" --method "$method" --screenshot "$out/$model-$method.png" --size 360x300
  done
done
