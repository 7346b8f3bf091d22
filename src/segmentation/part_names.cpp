// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/segmentation/part_names.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>

#include "skinlab/segmentation/orientation.hpp"

namespace skinlab {

LimbNames name_limbs(const TriMesh& mesh, const std::vector<int>& face_limb, const std::vector<int>& tips,
                     const SegmentParams& params) {
  const int num_limbs = static_cast<int>(tips.size());
  Vec3 body = Vec3::Zero();  // the trunk's surface centroid
  double trunk_area = 0.0;
  for (std::size_t fi = 0; fi < mesh.triangles.size(); ++fi) {
    if (face_limb[fi] >= 0) continue;
    const Tri& t = mesh.triangles[fi];
    const Vec3 &a = mesh.positions[t[0]], &b = mesh.positions[t[1]], &c = mesh.positions[t[2]];
    const double w = 0.5 * (b - a).cross(c - a).norm();
    body += w * (a + b + c) / 3.0;
    trunk_area += w;
  }
  if (trunk_area > 0) body /= trunk_area;
  const std::vector<Vec3> attach_point = limb_attachments(mesh, face_limb, num_limbs);
  std::vector<std::string> limb_name(num_limbs);
  for (int b = 0; b < num_limbs; ++b) limb_name[b] = "limb_" + std::to_string(b);
  std::string trunk = "trunk";
  if (params.up.norm() > 0 && params.forward.norm() > 0) {
    const Vec3 up = params.up.normalized(), forward = params.forward.normalized(), left = up.cross(forward);
    std::vector<int> legs, others;
    for (int b = 0; b < num_limbs; ++b) {
      if (!attach_point[b].allFinite()) continue;  // no triangles
      const Vec3 tip = mesh.positions[tips[b]], attach = attach_point[b];
      const Vec3 reach = tip - attach;
      const bool leg = (attach - body).dot(up) < 0 && (tip - body).dot(up) < 0 && reach.dot(up) < -0.5 * reach.norm();
      (leg ? legs : others).push_back(b);
    }
    // Four legs at most, or two when fewer than four qualify: those reaching lowest.
    std::sort(legs.begin(), legs.end(),
              [&](int a, int b) { return mesh.positions[tips[a]].dot(up) < mesh.positions[tips[b]].dot(up); });
    // Two legs when the next two hang clearly higher (a biped's arms): a quarter of the height.
    double low = std::numeric_limits<double>::infinity(), high = -low;
    for (const Vec3& p : mesh.positions) {
      low = std::min(low, p.dot(up));
      high = std::max(high, p.dot(up));
    }
    const auto tip_height = [&](std::size_t i) { return mesh.positions[tips[legs[i]]].dot(up); };
    const bool four = legs.size() >= 4 && tip_height(2) - tip_height(1) < 0.25 * (high - low);
    const std::size_t keep = four ? 4 : std::min<std::size_t>(legs.size(), 2);
    others.insert(others.end(), legs.begin() + static_cast<std::ptrdiff_t>(keep), legs.end());
    legs.resize(keep);
    std::sort(legs.begin(), legs.end());
    std::sort(others.begin(), others.end());
    const auto side = [&](int b) { return (attach_point[b] - body).dot(left) > 0 ? "l" : "r"; };
    // Pairs of legs are told apart against each other, so a pair always gets both sides.
    const auto name_pair = [&](int a, int b, const std::string& prefix) {
      const bool a_left = (attach_point[a] - body).dot(left) > (attach_point[b] - body).dot(left);
      limb_name[a] = prefix + (a_left ? "l" : "r");
      limb_name[b] = prefix + (a_left ? "r" : "l");
    };
    if (legs.size() == 4) {
      std::vector<int> by_forward = legs;
      std::sort(by_forward.begin(), by_forward.end(), [&](int a, int b) {
        return (attach_point[a] - body).dot(forward) < (attach_point[b] - body).dot(forward);
      });
      name_pair(by_forward[0], by_forward[1], "leg_h");
      name_pair(by_forward[2], by_forward[3], "leg_f");
    } else if (legs.size() == 2) {
      name_pair(legs[0], legs[1], "leg_");
    }
    trunk = legs.size() == 2 ? "torso" : "body";
    const auto reach = [&](int b, const Vec3& direction) { return (mesh.positions[tips[b]] - body).dot(direction); };
    // The head attaches high and forward on the trunk's midline (arms attach to the sides).
    const auto head_score = [&](int b) {
      const Vec3 a = attach_point[b] - body;
      return a.dot(up + forward) - std::abs(a.dot(left));
    };
    std::sort(others.begin(), others.end(), [&](int a, int b) { return head_score(a) > head_score(b); });
    if (!others.empty() && head_score(others.front()) > 0) {
      limb_name[others.front()] = "head";
      others.erase(others.begin());
    }
    if (legs.size() == 2)
      for (const char* s : {"l", "r"}) {
        int best = -1;
        for (int b : others)
          if (side(b) == std::string(s) && (best < 0 || std::abs(reach(b, left)) > std::abs(reach(best, left))))
            best = b;
        if (best >= 0 && std::abs(reach(best, left)) > 0.25 * (mesh.positions[tips[best]] - body).norm()) {
          limb_name[best] = std::string("arm_") + s;
          others.erase(std::find(others.begin(), others.end(), best));
        }
      }
    // A tail grows from the back on the midline: from further behind the trunk's centre than
    // to its side (an arm of a seated teddy, whose legs did not qualify, reaches back a little
    // from a shoulder and is no tail).
    const auto midline_back = [&](int b) {
      const Vec3 a = attach_point[b] - body;
      return a.dot(forward) < 0 && std::abs(a.dot(left)) < -a.dot(forward);
    };
    std::sort(others.begin(), others.end(), [&](int a, int b) { return reach(a, forward) < reach(b, forward); });
    if (!others.empty() && reach(others.front(), forward) < 0 && midline_back(others.front()))
      limb_name[others.front()] = "tail";
  }
  return {trunk, limb_name};
}

void name_parts(const std::vector<int>& face_label, const LimbNames& names, std::vector<BodyPart>& parts) {
  const int np = static_cast<int>(parts.size());
  const int num_limbs = static_cast<int>(names.limbs.size());
  // Each limb's parts that kept triangles, from the trunk towards the tip.
  std::vector<int> faces_of(np, 0);
  for (int l : face_label) ++faces_of[l];
  std::vector<std::vector<int>> chain(num_limbs);
  for (int p = 0; p < np; ++p)
    if (parts[p].limb >= 0 && faces_of[p] > 0) chain[parts[p].limb].push_back(p);
  for (auto& c : chain) std::sort(c.begin(), c.end(), [&](int a, int b) { return parts[a].piece < parts[b].piece; });
  parts[kTrunkPart].name = names.trunk;
  parts[kTrunkPart].role = "trunk";
  for (int b = 0; b < num_limbs; ++b) {
    const std::string& base = names.limbs[b];
    std::vector<int> pieces = chain[b];
    if (pieces.empty()) continue;
    // An arm's or leg's third piece is its hand or foot even where no narrowing shows it.
    const bool arm_or_leg = base.rfind("arm_", 0) == 0 || base.rfind("leg_", 0) == 0;
    const bool has_end = pieces.size() > 1 && (parts[pieces.back()].end || (arm_or_leg && pieces.size() >= 3));
    const auto numbered = [](const std::string& name, std::size_t i) {
      return i == 0 ? name : name + "_" + std::to_string(i + 1);
    };
    if (base == "head") {
      // A head is its neck pieces and the head.
      for (std::size_t i = 0; i < pieces.size(); ++i) {
        BodyPart& part = parts[pieces[i]];
        part.role = i + 1 == pieces.size() ? "head" : "neck";
        part.name = part.role == "head" ? "head" : numbered("neck", i);
      }
      continue;
    }
    if (has_end) {
      BodyPart& end = parts[pieces.back()];
      const std::string side = base.substr(base.find('_') + 1);
      end.name = !arm_or_leg ? base + "_end" : (base[0] == 'a' ? "hand_" : "foot_") + side;
      end.role = "end";
      pieces.pop_back();
    }
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      BodyPart& part = parts[pieces[i]];
      const std::string position = pieces.size() == 1       ? ""
                                   : i == 0                 ? "upper"
                                   : i + 1 == pieces.size() ? "lower"
                                                            : "middle";
      const std::string suffix = position == "middle" && pieces.size() > 3 ? numbered(position, i - 1) : position;
      part.name = suffix.empty() ? base : base + "_" + suffix;
      part.role = base == "tail" ? "tail" : position.empty() ? "limb" : position;
    }
  }
  std::map<std::string, int> uses;
  for (int p = 0; p < np; ++p)
    if (faces_of[p] > 0 && ++uses[parts[p].name] > 1) parts[p].name += "_" + std::to_string(uses[parts[p].name]);
}

std::array<double, 6> default_limits(const BodyPart& part) {
  if (part.role == "trunk") return {-180, 180, -180, 180, -180, 180};
  if (part.role == "head" || part.role == "neck") return {-45, 45, -60, 60, -45, 45};
  if (part.role == "tail") return {-60, 60, -60, 60, -60, 60};
  if (part.role == "middle" || part.role == "lower") return {-140, 140, -15, 15, -30, 30};
  if (part.role == "end") return {-60, 60, -30, 30, -30, 30};
  if (part.role == "upper" || part.name.rfind("leg", 0) == 0 || part.name.rfind("arm", 0) == 0)
    return {-120, 120, -90, 90, -60, 60};
  return {-45, 45, -45, 45, -45, 45};
}

}  // namespace skinlab
