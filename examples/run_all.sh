#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs skinlab from a build folder into a prefix, then configures, builds and runs every
# example against the install, as a user's project would (find_package(skinlab)). The runtime
# example must link no offline library. Usage: examples/run_all.sh BUILD_DIR PREFIX
set -euo pipefail
build=$(realpath "$1")
prefix=$(realpath -m "$2")
cd "$(dirname "${BASH_SOURCE[0]}")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
for example in skeletons play_clip runtime_lbs tiny_experiment; do
  cmake -S "$example" -B "$work/$example" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$work/$example" -j2 >/dev/null
  echo "== $example"
  case $example in
    play_clip) (cd "$work" && "$work/$example/$example" homer "$prefix/share/skinlab/clips/homer_wave.clip" 40 .) ;;
    *) "$work/$example/$example" ;;
  esac
done
if ldd "$work/runtime_lbs/runtime_lbs" | grep -iE "cgal|qhull|assimp|gmp|mpfr|boost|archive|crypto"; then
  echo "runtime_lbs links an offline library" >&2
  exit 1
fi
echo "examples: all 4 built against $prefix and ran"
# The Python module from the install, as docs/python.md says.
if compgen -G "$prefix/lib/python3/dist-packages/skinlab*.so" >/dev/null; then
  (cd "$work" && PYTHONPATH="$prefix/lib/python3/dist-packages" /usr/bin/python3 -c \
    "import skinlab; m = skinlab.load('homer'); print('python from the install:', m.vertices.shape)")
fi
