#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Every source, build and script file of the project names its licence in an SPDX line in its
# first three lines (LICENSE: GPL-3.0-or-later). Prints the files without one and exits 1 if any.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
status=0
while IFS= read -r file; do
  if ! head -n 3 "$file" | grep -q "SPDX-License-Identifier: GPL-3.0-or-later"; then
    echo "no SPDX licence line: $file" >&2
    status=1
  fi
done < <(git ls-files --cached --others --exclude-standard -- '*.cpp' '*.hpp' '*.cu' '*.js' '*.sh' '*.py' '*.cmake' '*.cmake.in' '*.supp' \
           'CMakeLists.txt' '*/CMakeLists.txt' '.ci/run' 'skinlab' | grep -v '^tests/fuzz/corpus/' || true)
exit $status
