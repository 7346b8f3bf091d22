// SPDX-License-Identifier: GPL-3.0-or-later
// The C++ objects the Python classes hold.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "skinlab/core/segmented_model.hpp"
#include "skinlab/rigging/session.hpp"

namespace skinlab::python {

/// skinlab.Model: a segmented model and where it came from (up and forward included).
struct PyModel {
  std::string name;
  SegmentedModel model;
  Vec3 up = Vec3::UnitY(), forward = Vec3::UnitZ();
};

}  // namespace skinlab::python
