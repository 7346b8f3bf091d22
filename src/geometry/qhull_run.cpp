// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/geometry/qhull_run.hpp"

#include <cstdio>

namespace skinlab {

QhullRun::QhullRun(std::vector<coordT>& xyz, bool triangulate) {
  qhT* qh = &qh_;
  QHULL_LIB_CHECK
  qh_zero(qh, nullptr);
  char triangulated[] = "qhull Qt";
  char merged[] = "qhull";
  static FILE* const quiet = std::fopen("/dev/null", "w");
  exitcode_ = qh_new_qhull(qh, 3, static_cast<int>(xyz.size() / 3), xyz.data(), False,
                           triangulate ? triangulated : merged, nullptr, quiet);
}

QhullRun::~QhullRun() {
  qh_freeqhull(&qh_, !qh_ALL);
  int curlong = 0, totlong = 0;
  qh_memfreeshort(&qh_, &curlong, &totlong);
}

}  // namespace skinlab
