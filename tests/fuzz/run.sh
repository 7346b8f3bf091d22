#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer harnesses with clang-14 (ASan + UBSan) and runs each for SECONDS
# (default 60), starting from the seed corpora in tests/fuzz/corpus/. A finding is saved under
# build-fuzz/findings/ and makes the script fail; turn it into a regression file under
# tests/data/fuzz/ (the FuzzRegressions test replays them). Run longer: tests/fuzz/run.sh 3600.
# The seed is fixed (SKINLAB_FUZZ_SEED, default 1) so that CI explores the same inputs on every
# run; SKINLAB_FUZZ_SEED=0 lets libFuzzer pick one, for exploratory runs.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
seconds="${1:-60}"
build="${SKINLAB_FUZZ_BUILD_DIR:-$root/build-fuzz}"
read -r -a targets <<< "$(sed -n 's/^set(fuzz_targets \(.*\))$/\1/p' "$root/tests/fuzz/CMakeLists.txt")"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++-14 \
  -DCMAKE_C_COMPILER=clang-14 -DSKINLAB_FUZZ=ON -DSKINLAB_BUILD_TESTS=OFF -DSKINLAB_CUDA=OFF >&2
cmake --build "$build" -j2 --target "${targets[@]/#/fuzz_}" >&2
mkdir -p "$build/findings"

# One harness for SECONDS; fails on a finding. Harnesses run side by side, one per core
# (SKINLAB_FUZZ_JOBS): each is one single-threaded process, so CI's wall time halves on two cores
# while every harness still gets its full SECONDS.
fuzz_one() {
  local t=$1
  local corpus="$build/corpus/$t"  # a working copy: the seeds in the tree stay as they are
  mkdir -p "$corpus"
  cp -n "$root/tests/fuzz/corpus/$t"/* "$corpus"/ 2>/dev/null || true
  # Leaks inside Debian's libassimp (its parsers, not skinlab) are not findings of ours.
  local leaks=1
  [ "$t" = assimp ] && leaks=0
  if ! ASAN_OPTIONS=detect_leaks=$leaks "$build/tests/fuzz/fuzz_$t" -seed="${SKINLAB_FUZZ_SEED:-1}" -max_total_time="$seconds" -timeout=10 \
      -rss_limit_mb=2048 -max_len=65536 -artifact_prefix="$build/findings/$t-" -print_final_stats=1 "$corpus" \
      > "$build/findings/$t.log" 2>&1; then
    echo "fuzz_$t: FINDING (see $build/findings/$t.log)" >&2
    tail -40 "$build/findings/$t.log" >&2
    return 1
  fi
  # One line per harness (the harnesses run at once): its last coverage report and its runs.
  local log="$build/findings/$t.log"
  echo "fuzz_$t: ${seconds} s, $(grep -E "cov:" "$log" | tail -1) | $(grep -E "stat::number_of_executed_units" "$log" | tail -1)" >&2
}

jobs="${SKINLAB_FUZZ_JOBS:-$(nproc)}"
status=0
running=0
for t in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || status=1
    running=$((running - 1))
  fi
  fuzz_one "$t" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || status=1
  running=$((running - 1))
done
exit $status
