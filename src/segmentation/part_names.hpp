// SPDX-License-Identifier: GPL-3.0-or-later
// Step 6 of the segmentation (docs/models.md, "Method"): body-part names and default limits.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "skinlab/core/tri_mesh.hpp"
#include "skinlab/segmentation/body_part.hpp"
#include "skinlab/segmentation/segment_params.hpp"

namespace skinlab {

/// What the trunk and each limb are called.
struct LimbNames {
  std::string trunk;               ///< torso (two legs), body (otherwise), trunk (no directions)
  std::vector<std::string> limbs;  ///< head, tail, arm_l, leg_fr, ...; limb_N without directions
};

/// Names the limbs from the model's up and forward directions (params.up, params.forward), or
/// generically (trunk, limb_0, ...) where they are not given. `face_limb`: per triangle its limb
/// or -1 (the trunk); `tips`: per limb its tip vertex. Legs hang down from below the trunk
/// centroid (the four reaching lowest, or two when the third hangs a quarter of the height
/// higher): four are fore/hind by their attachment along forward and left/right along
/// up x forward; two are left/right. Of the other limbs the head attaches furthest
/// up-and-forward on the trunk's midline, a tail reaches furthest backward, and with two legs
/// the arms are the limbs reaching furthest to either side.
LimbNames name_limbs(const TriMesh& mesh, const std::vector<int>& face_limb, const std::vector<int>& tips,
                     const SegmentParams& params);

/// Names every part with triangles (`face_label`: #F part ids) and sets its role: along a limb
/// the pieces are NAME_upper, NAME_middle, NAME_lower, and the end beyond its last narrowing is
/// a hand (arms), a foot (legs) or NAME_end; an arm's or leg's third piece is a hand or foot
/// even without a narrowing (NAME_middle_2, ... with more than three); a head's
/// pieces are neck, neck_2, ..., head.
void name_parts(const std::vector<int>& face_label, const LimbNames& names, std::vector<BodyPart>& parts);

/// Default joint limits in degrees (X, Y, Z ranges in the joint's aligned frame, z along the
/// parent axis) by the part's role; see docs/models.md.
std::array<double, 6> default_limits(const BodyPart& part);

}  // namespace skinlab
