// SPDX-License-Identifier: GPL-3.0-or-later
// The GLUT viewer [VF08 §5.1]: parts, skeletons, OBBs and clips, interactive or headless.
#pragma once

#include <string>
#include <vector>

#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/rigging/weights.hpp"
#include "skinlab/skeleton/extract_skeleton.hpp"
#include "skinlab/skinning/deformer.hpp"

namespace skinlab {

struct ViewerOptions {
  std::string model;  ///< standard model name or mesh path
  std::string clip;   ///< optional .clip
  std::string method = "pa-refined";
  /// The deformers to offer (the application's registry; the viewer includes none itself) and
  /// the one to start with.
  std::vector<DeformerEntry> deformers;
  std::string skinning = "rigid";
  WeightsSpec weights;                    ///< for the smooth deformers
  bool gpu = false;                       ///< skin in GLSL where the deformer has a GPU form (key g)
  bool limits = true, collisions = true;  ///< which rejections apply
  std::string limit_rejection = "joint";  ///< what a violated limit cancels (kinematics/motion.hpp)
  std::string weights_of;                 ///< select this part and show its skinning weights as a heat map (key w)
  int threads = 1;
  bool all_axes = false;          ///< PA methods: draw the ends of the other two principal directions
  std::string render = "shaded";  ///< shaded, wireframe, points, skeleton, xray (skeleton over translucent skin)
  bool part_colors = true;
  bool highlight_patches = false;   ///< colour the vertices a deformer built (gap patches; key p)
  double yaw = 34.4, pitch = 20.0;  ///< camera orbit angles, degrees (yaw 0 looks along -z)
  double zoom = 1.0;                ///< camera distance divided by this
  std::string focus;                ///< headless: aim at this part's joint where the frame put it
  int width = 960, height = 720;
  double fps = 30.0;  ///< the clip's frame grid (FrameGrid): what --frame counts and playback shows
  // Headless: render frame `frame` into `screenshot` (PNG) and exit.
  std::string screenshot;
  int frame = 0;
  bool click = false;            ///< simulate a left click at (click_x, click_y) before rendering
  int click_x = 0, click_y = 0;  ///< pixels, top-left origin
  bool json = false;             ///< headless: print selection and projected part centroids
};

/// Runs the viewer; returns the process exit code. Throws InputError for bad input.
int run_viewer(int argc, char** argv, const ViewerOptions& options);

}  // namespace skinlab
