// SPDX-License-Identifier: GPL-3.0-or-later
// Pictures the commands share: a skeleton over its translucent skin, and the view that shows a
// standard model upright from the front.
#pragma once

#include <string>
#include <vector>

#include "skinlab/io/model_library.hpp"
#include "skinlab/render/software_render.hpp"
#include "skinlab/skeleton/skeleton.hpp"

namespace skinlab {

/// The skeleton over the translucent skin, parts in distinct colours; joints coloured by kind
/// (root black, opening red, kernel blue, link green, axis end orange). The scene points into
/// `model`, which must outlive it.
RenderScene skeleton_scene(const SegmentedModel& model, const Skeleton& skeleton);

/// Looking at the model three-quarters from the front and a little from above, its up direction up.
RenderView model_view(const ModelFiles& files, int width, int height);

/// model_view once per label, each panel of a strip labelled (which method, which frame).
std::vector<RenderView> labelled_model_views(const ModelFiles& files, int width, int height,
                                             const std::vector<std::string>& labels);

}  // namespace skinlab
