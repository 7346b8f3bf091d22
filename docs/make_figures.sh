#!/usr/bin/env bash
# Renders the pictures of docs/skeletonization.md with `skinlab skeletonize --png`.
# Usage: docs/make_figures.sh [path/to/skinlab]   (default: build/skinlab)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
skinlab="${1:-build/skinlab}"
out=docs/figures
mkdir -p "$out"
methods=(opening centroid pa pa-refined)
for model in bent cross blocky; do
  for method in "${methods[@]}"; do
    "$skinlab" skeletonize "docs/data/$model.obj" --method "$method" --png "$out/$model-$method.png" --size 400 300 >/dev/null
  done
  "$skinlab" skeletonize "docs/data/$model.obj" --method pa --all-axes --png "$out/$model-pa-all-axes.png" --size 400 300 >/dev/null
done
# The view that shows each standard model from its side or front.
declare -A view=([homer]=front [cow]=side [camel]=side [dino]=side [man]=top [armadillo]=front [bull]=front
                 [triceratops]=side [diplodocus]=front [cactus]=front)
for model in homer cow camel dino man armadillo bull triceratops diplodocus cactus; do
  for method in "${methods[@]}"; do
    "$skinlab" skeletonize "$model" --method "$method" --png "$out/$model-$method.png" --size 360 300 \
      --view "${view[$model]}" >/dev/null
  done
done
