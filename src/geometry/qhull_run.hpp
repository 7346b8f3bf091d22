// SPDX-License-Identifier: GPL-3.0-or-later
// One Qhull computation (reentrant C API) of a 3-d point set, freed when the object goes;
// private to src/geometry.
#pragma once

extern "C" {
#include <libqhull_r/qhull_ra.h>
}

#include <vector>

namespace skinlab {

class QhullRun {
 public:
  /// Runs Qhull on xyz triples, `qhull Qt` (triangulated facets) or, with triangulate false,
  /// `qhull` (coplanar facets merged into one); ok() tells whether Qhull succeeded (degenerate
  /// input fails; Qhull's report goes to /dev/null, the exit code to the caller).
  QhullRun(std::vector<coordT>& xyz, bool triangulate);
  ~QhullRun();
  QhullRun(const QhullRun&) = delete;
  QhullRun& operator=(const QhullRun&) = delete;

  bool ok() const { return exitcode_ == 0; }
  qhT* qh() { return &qh_; }

 private:
  qhT qh_;
  int exitcode_;
};

}  // namespace skinlab
