// SPDX-License-Identifier: GPL-3.0-or-later
// Union-find over integer ids, as a parent array (up[x] == x at a set's root).
#pragma once

#include <vector>

namespace skinlab {

/// The root of x's set, halving the path on the way.
inline int find_root(std::vector<int>& up, int x) {
  while (up[x] != x) x = up[x] = up[up[x]];
  return x;
}

}  // namespace skinlab
