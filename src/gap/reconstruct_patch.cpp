// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/reconstruct_patch.hpp"

#include <CGAL/Advancing_front_surface_reconstruction.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>

#include <algorithm>
#include <array>
#include <iterator>
#include <random>

namespace skinlab {

namespace {

// A triangulation element with CGAL's time stamps: handles then compare (and hash) by creation
// order instead of by address, so the advancing front breaks its ties the same way whatever the
// process allocated before (without them, playing frame 30, then 60, then 30 again gave two
// different patches for frame 30).
template <class Base>
struct Stamped : Base {
  using Has_timestamp = CGAL::Tag_true;
  template <class Tds>
  struct Rebind_TDS {
    using Other = Stamped<typename Base::template Rebind_TDS<Tds>::Other>;
  };
  using Base::Base;
  std::size_t time_stamp() const { return time_stamp_; }
  void set_time_stamp(const std::size_t& stamp) { time_stamp_ = stamp; }

 private:
  std::size_t time_stamp_ = std::size_t(-1);
};

using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
using Triangulation = CGAL::Delaunay_triangulation_3<
    Kernel, CGAL::Triangulation_data_structure_3<Stamped<CGAL::Advancing_front_surface_reconstruction_vertex_base_3<Kernel>>,
                                                 Stamped<CGAL::Advancing_front_surface_reconstruction_cell_base_3<Kernel>>>>;

}  // namespace


std::vector<Tri> reconstruct_patch(const std::vector<Vec3>& points) {
  std::vector<Tri> triangles;
  if (points.size() < 4) return triangles;
  using Point = Kernel::Point_3;
  std::vector<Point> input;
  input.reserve(points.size());
  // The patch points lie on arcs, often on one circle or sphere, so many candidate facets tie in
  // the advancing front's priority, and CGAL breaks ties by where its handles lie in memory: the
  // same command gave other surfaces from run to run. A perturbation far below the points'
  // precision (1e-9 of the patch's size), fixed by each point's index, breaks the ties the same
  // way each run; the triangles index the points as given. Handles compare by time stamp (above).
  Eigen::AlignedBox3d box;
  for (const Vec3& p : points) box.extend(p);
  const double scale = 1e-9 * std::max(box.diagonal().norm(), 1e-300);
  std::minstd_rand jitter(1);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (const Vec3& p : points) {
    const Vec3 q = p + scale * Vec3(unit(jitter), unit(jitter), unit(jitter));
    input.emplace_back(q.x(), q.y(), q.z());
  }
  // CGAL's advancing_front_surface_reconstruction(), on the stamped triangulation.
  using Counted = CGAL::AFSR::Auto_count_cc<Point, CGAL::Cartesian_converter<Kernel, Kernel>>;
  const Counted count{CGAL::Cartesian_converter<Kernel, Kernel>()};
  Triangulation dt(boost::make_transform_iterator(input.begin(), count), boost::make_transform_iterator(input.end(), count));
  CGAL::Advancing_front_surface_reconstruction<Triangulation> reconstruction(dt);
  reconstruction.run();
  std::vector<std::array<std::size_t, 3>> facets;
  CGAL::write_triple_indices(std::back_inserter(facets), reconstruction);
  // The facets in a fixed order: each one's indices sorted (the caller orients them), then the
  // list.
  for (auto& f : facets) std::sort(f.begin(), f.end());
  std::sort(facets.begin(), facets.end());
  triangles.reserve(facets.size());
  for (const auto& f : facets)
    triangles.push_back({static_cast<int>(f[0]), static_cast<int>(f[1]), static_cast<int>(f[2])});
  return triangles;
}

}  // namespace skinlab
