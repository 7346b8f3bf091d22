#include "skeleton/extract_skeleton.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/error.hpp"
#include "core/lexer.hpp"
#include "core/stopwatch.hpp"
#include "geometry/line_surface.hpp"
#include "geometry/obb.hpp"
#include "skeleton/component_surface.hpp"
#include "skeleton/grouping.hpp"
#include "skeleton/refinement.hpp"

namespace skinlab {

namespace {

// What every method needs of a component, computed once.
struct ComponentData {
  ComponentSurface surface;
  ConvexHull hull;
  KernelCentroid kernel;
  Frame frame;
  double diagonal = 0.0;
};

// The segment of the line through `center` along `direction` that lies inside the closed
// surface: the crossings nearest to the centre on either side when the centre is inside;
// otherwise the inside interval nearest to it (parity of the sorted crossings).
std::pair<double, double> clip_line(const Vec3& center, const Vec3& direction, const ComponentSurface& surface,
                                    double diagonal) {
  std::vector<double> hits = line_surface_hits(center, direction, surface.positions, surface.triangles);
  // A line through a shared edge or vertex reports the crossing once per triangle.
  hits.erase(std::unique(hits.begin(), hits.end(), [&](double a, double b) { return b - a < 1e-9 * diagonal; }),
             hits.end());
  if (hits.size() < 2) return {0.0, 0.0};
  if (winding_number(center, surface.positions, surface.triangles) > 0.5) {
    double below = hits.front(), above = hits.back();
    for (double t : hits) {
      if (t <= 0.0) below = t;
      if (t > 0.0) {
        above = t;
        break;
      }
    }
    return {std::min(below, 0.0), std::max(above, 0.0)};
  }
  std::pair<double, double> best{hits[0], hits[1]};
  double best_distance = 1e300;
  for (std::size_t i = 0; i + 1 < hits.size(); i += 2) {
    const double distance = hits[i] > 0 ? hits[i] : (hits[i + 1] < 0 ? -hits[i + 1] : 0.0);
    if (distance < best_distance) {
      best_distance = distance;
      best = {hits[i], hits[i + 1]};
    }
  }
  return best;
}

class SkeletonBuilder {
 public:
  SkeletonBuilder(const SegmentedModel& model, const SkeletonParams& params, SkeletonTimings& timings)
      : model_(model), params_(params), timings_(timings) {}

  Skeleton build() {
    const Stopwatch stopwatch;
    skeleton_.method = params_.method;
    skeleton_.has_kernel_centroids = params_.method != SkeletonMethod::opening;
    skeleton_.has_principal_axes = params_.method == SkeletonMethod::pa || params_.method == SkeletonMethod::pa_refined;
    const int n = model_.num_components();
    order_ = {0};
    parent_.assign(n, -1);
    if (const auto& h = model_.hierarchy()) {
      order_ = h->depth_first;
      parent_ = h->parent;
    } else if (n != 1) {
      throw InputError(model_.source() + ": " + std::to_string(n) +
                       " components but no hierarchy (.skel); skeleton extraction needs one");
    }
    children_.assign(n, {});
    for (int c : order_)
      if (parent_[c] >= 0) children_[parent_[c]].push_back(c);
    skeleton_.components.resize(n);
    opening_joint_.assign(n, -1);
    if (skeleton_.has_kernel_centroids) analyze_components();
    if (params_.method == SkeletonMethod::pa_refined) refine();
    for (int c : order_) build_component(c);
    timings_.total = stopwatch.seconds();
    return std::move(skeleton_);
  }

 private:
  void analyze_components() {
    auto& t = timings_;
    data_.resize(model_.num_components());
    for (int c : order_) {
      ComponentData& d = data_[c];
      Stopwatch stopwatch;
      d.surface = component_surface(model_, c);
      d.diagonal = bounding_box(d.surface.positions).diagonal();
      t.surfaces += stopwatch.lap();
      const TriMesh& mesh = model_.components()[c].mesh;
      // Degenerate geometry (a flat or collapsed part) is a fault of the input, said as such.
      try {
        d.hull = convex_hull(mesh.positions);
        t.hull += stopwatch.lap();
        d.kernel = kernel_centroid(mesh.positions, mesh.triangles, d.surface.opening_planes, d.hull, params_.kernel);
        t.kernel_phases += d.kernel.timings;
      } catch (const GeometryError& e) {
        throw InputError(model_.source() + ": component " + quote(model_.components()[c].name) + ": " + e.what());
      }
      t.kernel += stopwatch.lap();
      d.frame = {principal_directions(d.hull), 0};
      t.covariance += stopwatch.lap();
    }
  }

  // The centroid-method vectors of component c, from its kernel centroid.
  void centroid_vectors(int c, Vec3& root_vector, std::vector<Vec3>& child_vectors) const {
    const Vec3& kc = data_[c].kernel.centroid;
    if (parent_[c] >= 0) root_vector = opening_centroid(model_, c, parent_[c]) - kc;
    for (int child : children_[c]) child_vectors.push_back(opening_centroid(model_, c, child) - kc);
  }

  void refine() {
    const Stopwatch stopwatch;
    const double max_angle = params_.max_angle_degrees * std::numbers::pi / 180.0;
    std::vector<Mat3> original(data_.size());
    for (int c : order_) {
      original[c] = data_[c].frame.directions;
      Vec3 root_vector;
      std::vector<Vec3> child_vectors;
      centroid_vectors(c, root_vector, child_vectors);
      data_[c].frame = local_refine(data_[c].frame, parent_[c] >= 0 ? &root_vector : nullptr, child_vectors, max_angle);
    }
    // Depth-first order visits parents first: each child meets its parent's final frame.
    for (int c : order_)
      if (parent_[c] >= 0)
        data_[c].frame = parent_refine(data_[c].frame, data_[parent_[c]].frame, original[c], max_angle);
    timings_.refinement += stopwatch.seconds();
  }

  int add_joint(const Vec3& p, JointKind kind, int component) {
    skeleton_.joints.push_back({p, kind, component});
    return static_cast<int>(skeleton_.joints.size()) - 1;
  }

  void add_bone(int from, int to, int component) {
    if (from == to) return;
    if ((skeleton_.joints[from].position - skeleton_.joints[to].position).norm() < 1e-12) return;
    skeleton_.bones.push_back({from, to, component});
  }

  // The joint where child meets its parent: made once, owned by the child.
  int opening_joint(int child) {
    if (opening_joint_[child] < 0)
      opening_joint_[child] = add_joint(opening_centroid(model_, child, parent_[child]), JointKind::opening, child);
    return opening_joint_[child];
  }

  void build_component(int c) {
    ComponentFrame& frame = skeleton_.components[c];
    if (skeleton_.has_kernel_centroids) {
      const ComponentData& d = data_[c];
      frame.kernel_centroid = d.kernel.centroid;
      frame.kernel_empty = d.kernel.kernel_empty;
      frame.obb = fit_obb(d.frame.directions, d.hull.points);
      frame.principal_axis = d.frame.principal_axis;
    }
    switch (params_.method) {
      case SkeletonMethod::opening:
        return opening_method(c);
      case SkeletonMethod::centroid:
        return centroid_method(c);
      case SkeletonMethod::pa:
      case SkeletonMethod::pa_refined:
        return principal_axis_method(c);
    }
  }

  // §3.2.1: root point to the children's opening centroids.
  void opening_method(int c) {
    int root = -1;
    if (parent_[c] < 0) {
      const TriMesh& mesh = model_.components()[c].mesh;
      root = add_joint(surface_centroid(mesh.positions, mesh.triangles), JointKind::root, c);
    } else {
      root = opening_joint(c);
    }
    skeleton_.components[c].root_joint = root;
    for (int child : children_[c]) add_bone(root, opening_joint(child), c);
  }

  // §3.2.2: root point to the kernel centroid, kernel centroid to the children's openings.
  void centroid_method(int c) {
    const bool is_root = parent_[c] < 0;
    const int kc = add_joint(data_[c].kernel.centroid, is_root ? JointKind::root : JointKind::kernel, c);
    const int root = is_root ? kc : opening_joint(c);
    skeleton_.components[c].root_joint = root;
    add_bone(root, kc, c);
    for (int child : children_[c]) add_bone(kc, opening_joint(child), c);
  }

  // §3.2.3, [VF08 Alg. 1]: opening centroids to their link points on PA_KC, the link points in
  // sequence, and the connecting rules towards the ends of PA_KC.
  void principal_axis_method(int c) {
    const ComponentData& d = data_[c];
    ComponentFrame& frame = skeleton_.components[c];
    const Vec3& kc = d.kernel.centroid;
    const Vec3 axis = d.frame.directions.col(d.frame.principal_axis);
    const Stopwatch axes_stopwatch;
    const auto [t_begin, t_end] = clip_line(kc, axis, d.surface, d.diagonal);
    frame.axis_begin = kc + t_begin * axis;
    frame.axis_end = kc + t_end * axis;

    // Opening centroids (the parent's first) with their clamped projections, sorted.
    struct Entry {
      int joint;
      double t;
    };
    std::vector<Entry> entries;
    if (parent_[c] >= 0) entries.push_back({opening_joint(c), 0});
    for (int child : children_[c]) entries.push_back({opening_joint(child), 0});
    for (Entry& e : entries) e.t = std::clamp((skeleton_.joints[e.joint].position - kc).dot(axis), t_begin, t_end);
    std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.t < b.t; });
    GroupingInput input;
    for (const Entry& e : entries) {
      input.centroids.push_back(skeleton_.joints[e.joint].position);
      input.projections.push_back(kc + e.t * axis);
    }
    const Groups groups = group_opening_centroids(input);

    std::vector<int> links;
    std::vector<double> link_t;
    for (auto [first, last] : groups) {
      double t = 0;
      for (int k = first; k <= last; ++k) t += entries[k].t;
      t /= (last - first + 1);
      links.push_back(add_joint(link_point(input, first, last), JointKind::link, c));
      link_t.push_back(t);
      for (int k = first; k <= last; ++k) add_bone(entries[k].joint, links.back(), c);
    }
    if (links.empty()) {  // a lone component: its axis through the kernel centroid
      links.push_back(add_joint(kc, JointKind::link, c));
      link_t.push_back(0.0);
    }
    for (std::size_t g = 0; g + 1 < links.size(); ++g) add_bone(links[g], links[g + 1], c);
    // Connecting rules: an outermost link point reaches for its end of PA_KC unless it is
    // already closer to that end than to the middle of PA_KC.
    const double t_mid = 0.5 * (t_begin + t_end);
    if (std::abs(link_t.front() - t_begin) >= std::abs(link_t.front() - t_mid))
      add_bone(links.front(), add_joint(frame.axis_begin, JointKind::axis_end, c), c);
    if (std::abs(link_t.back() - t_end) >= std::abs(link_t.back() - t_mid))
      add_bone(links.back(), add_joint(frame.axis_end, JointKind::axis_end, c), c);

    if (parent_[c] >= 0) {
      frame.root_joint = opening_joint(c);
    } else {
      frame.root_joint = links[(links.size() - 1) / 2];
      skeleton_.joints[frame.root_joint].kind = JointKind::root;
    }
    if (params_.all_axes) {
      const int center = add_joint(kc, JointKind::kernel, c);
      for (int k = 0; k < 3; ++k) {
        if (k == d.frame.principal_axis) continue;
        const Vec3 other = d.frame.directions.col(k);
        const auto [a, b] = clip_line(kc, other, d.surface, d.diagonal);
        add_bone(add_joint(kc + a * other, JointKind::axis_end, c), center, c);
        add_bone(center, add_joint(kc + b * other, JointKind::axis_end, c), c);
      }
    }
    timings_.axes += axes_stopwatch.seconds();
  }

  const SegmentedModel& model_;
  const SkeletonParams& params_;
  SkeletonTimings& timings_;
  Skeleton skeleton_;
  std::vector<int> order_;
  std::vector<int> parent_;
  std::vector<std::vector<int>> children_;
  std::vector<int> opening_joint_;
  std::vector<ComponentData> data_;
};

}  // namespace

const char* to_string(SkeletonMethod method) {
  switch (method) {
    case SkeletonMethod::opening:
      return "opening";
    case SkeletonMethod::centroid:
      return "centroid";
    case SkeletonMethod::pa:
      return "pa";
    case SkeletonMethod::pa_refined:
      return "pa-refined";
  }
  return "?";
}

std::vector<std::string> skeleton_method_names() {
  std::vector<std::string> names;
  for (SkeletonMethod m : kSkeletonMethods) names.push_back(to_string(m));
  return names;
}

SkeletonMethod parse_skeleton_method(const std::string& name) {
  for (SkeletonMethod m : kSkeletonMethods)
    if (name == to_string(m)) return m;
  throw InputError("unknown skeleton method '" + name + "' (expected opening, centroid, pa or pa-refined)");
}

const char* to_string(JointKind kind) {
  static const char* const names[] = {"root", "opening", "kernel", "link", "axis-end"};
  return names[static_cast<int>(kind)];
}

Skeleton extract_skeleton(const SegmentedModel& model, const SkeletonParams& params, SkeletonTimings& timings) {
  return SkeletonBuilder(model, params, timings).build();
}

Skeleton extract_skeleton(const SegmentedModel& model, const SkeletonParams& params) {
  SkeletonTimings timings;
  return extract_skeleton(model, params, timings);
}

}  // namespace skinlab
