// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/segmentation/joint_splits.hpp"

#include <algorithm>
#include <numbers>

namespace skinlab {

namespace {

constexpr int kLevels = 64;
// A limb longer than this many of its mean diameters has a joint inside it (docs/models.md).
constexpr double kLongLimbAspect = 3.0;

double mean_over(const std::vector<double>& d, int lo, int hi) {
  double sum = 0.0;
  for (int k = lo; k < hi; ++k) sum += d[k];
  return hi > lo ? sum / (hi - lo) : 0.0;
}

}  // namespace

LimbProfile limb_profile(const TriMesh& mesh, const Limbs& limbs, int b, double min_limb_aspect) {
  std::vector<int> faces;
  for (int f = 0; f < mesh.num_triangles(); ++f)
    if (limbs.face_limb[f] == b) faces.push_back(f);
  LimbProfile profile;
  profile.length = limbs.length[b];
  profile.diameter.resize(kLevels);
  for (int k = 0; k < kLevels; ++k)
    profile.diameter[k] =
        ring_length(mesh, faces, limbs.distance[b], profile.length * (k + 0.5) / kLevels) / std::numbers::pi;
  profile.mean_diameter = mean_over(profile.diameter, kLevels / 5, kLevels * 9 / 10);
  profile.bump = profile.mean_diameter <= 0 || profile.length < min_limb_aspect * profile.mean_diameter;
  return profile;
}

namespace {

// The ring (index from the tip) where the limb's end narrows off, or -1. Candidates lie within
// `outer` of the limb from the tip, are the narrowest within 3 rings either side and have a ring
// `ratio` times as long between them and the tip (a tapering tip is no narrowing). A limb's end
// (a wrist, an ankle) is the candidate nearest the trunk with a ring 10% longer within the next
// 30% towards the trunk (fingers and toes narrow too, and the limb widens again past a wrist); a
// head's (`head`) is the candidate nearest the tip (the neck behind the skull, which may stay a
// tube down to the trunk; ears or horns further down the head would otherwise win).
int end_narrowing(const std::vector<double>& d, double ratio, double outer, bool head) {
  const int reach = 3, lo = kLevels * 6 / 100, rise = kLevels * 30 / 100;
  const int hi = std::min(static_cast<int>(outer * kLevels), kLevels - 1 - reach);
  const auto candidate = [&](int k) {
    if (d[k] <= 0) return false;
    for (int i = k - reach; i <= k + reach; ++i)
      if (d[i] < d[k]) return false;
    if (*std::max_element(d.begin(), d.begin() + k) < ratio * d[k]) return false;
    return head || *std::max_element(d.begin() + k + 1, d.begin() + std::min(k + 1 + rise, kLevels)) >= 1.1 * d[k];
  };
  if (head) {
    for (int k = lo; k <= hi; ++k)
      if (candidate(k)) return k;
  } else {
    for (int k = hi; k >= lo; --k)
      if (candidate(k)) return k;
  }
  return -1;
}

// The rings (indices from the tip, increasing) where [lo, hi) splits into n pieces of about
// equal length: near each j/n of it, the narrowest ring within a fifth of a piece when it is 5%
// narrower than the mean over [lo, hi) (a waist), otherwise j/n itself (a tube shows no knee).
std::vector<int> split_rings(const std::vector<double>& d, int lo, int hi, int n) {
  const double mean = mean_over(d, lo, hi);
  const int reach = (hi - lo) / (5 * n);
  std::vector<int> rings;
  for (int j = 1; j < n; ++j) {
    const int target = lo + (hi - lo) * j / n;
    int k = target - reach;
    for (int i = k; i <= target + reach; ++i)
      if (d[i] < d[k]) k = i;
    rings.push_back(d[k] < 0.95 * mean ? k : target);
  }
  return rings;
}

}  // namespace

std::vector<BodyPart> split_limbs_at_joints(const TriMesh& mesh, const Limbs& limbs,
                                            const std::vector<std::string>& limb_names, const SegmentParams& params,
                                            std::vector<LimbProfile>& profiles, std::vector<int>& face_label) {
  const int nf = mesh.num_triangles();
  const int num_limbs = static_cast<int>(limbs.tips.size());
  std::vector<BodyPart> parts{{}};
  face_label.assign(nf, kTrunkPart);
  for (int b = 0; b < num_limbs; ++b) {
    LimbProfile& profile = profiles[b];
    if (profile.bump) continue;  // stays with the trunk
    const std::vector<double>& d = profile.diameter;
    const double step = profile.length / kLevels;
    // Splits as ring indices from the tip: a split at ring k ends the tip-side piece after it.
    std::vector<int> splits;
    // A head's end is the head itself, beyond the neck: anywhere up to near the trunk.
    const bool head = limb_names[b] == "head";
    const int end = end_narrowing(d, params.end_narrowing, head ? 0.85 : 0.45, head);
    profile.end = end >= 0;
    if (profile.end) splits.push_back(end);
    // The rest splits into pieces of at most split_aspect diameters each (all legs of a body
    // alike get the same count; a piece-by-piece rule would not). A head without a neck
    // narrowing splits only past kLongLimbAspect, whatever split_aspect: a lower per-model
    // split_aspect would cut through a face.
    const int lo = profile.end ? end + 1 : 0, n = kLevels - lo;
    const double rest_mean = mean_over(d, lo + n / 10, kLevels - n / 10);
    const double rest_aspect = rest_mean > 0 ? n * step / rest_mean : 0.0;
    const double piece_aspect =
        head && !profile.end ? std::max(params.split_aspect, kLongLimbAspect) : params.split_aspect;
    const int pieces = std::clamp(1 + static_cast<int>(rest_aspect / piece_aspect), 1,
                                  std::max(1, params.max_pieces - static_cast<int>(splits.size())));
    for (int k : split_rings(d, lo, kLevels, pieces)) splits.push_back(k);
    for (auto k = splits.rbegin(); k != splits.rend(); ++k) profile.joints.push_back((*k + 1) * step);
    const int first = static_cast<int>(parts.size());
    const int count = static_cast<int>(splits.size()) + 1;
    for (int i = 0; i < count; ++i)
      parts.push_back({b, i == 0 ? kTrunkPart : first + i - 1, i, profile.end && i + 1 == count, "", ""});
    const std::vector<double>& g = limbs.distance[b];
    for (int f = 0; f < nf; ++f)
      if (limbs.face_limb[f] == b) {
        const Tri& t = mesh.triangles[f];
        const double at = (g[t[0]] + g[t[1]] + g[t[2]]) / 3.0;
        int piece = 0;
        for (double joint : profile.joints) piece += at < joint;
        face_label[f] = first + piece;
      }
  }
  return parts;
}

}  // namespace skinlab
