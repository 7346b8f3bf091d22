#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The size rules of docs/design.md: no function in src/ over 100 lines, no file over 500.
# Function lengths by pmccabe (Debian's; its fifth column is the function's lines, signature
# included). Prints every offender and exits 1 if there is one.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mapfile -t files < <(find src -name '*.cpp' -o -name '*.hpp' -o -name '*.cu' | sort)
status=0
long_files=$(wc -l "${files[@]}" | awk '$2 != "total" && $1 > 500 {print "  " $2 ": " $1 " lines"}')
if [ -n "$long_files" ]; then
  echo "files over 500 lines:" >&2
  echo "$long_files" >&2
  status=1
fi
long_functions=$(pmccabe "${files[@]}" 2>/dev/null | awk -F'\t' '$5 > 100 {print "  " $6 ": " $5 " lines"}')
if [ -n "$long_functions" ]; then
  echo "functions over 100 lines:" >&2
  echo "$long_functions" >&2
  status=1
fi
exit $status
