// SPDX-License-Identifier: GPL-3.0-or-later
// The parts of the Python module, one file each.
#pragma once

#include <pybind11/pybind11.h>

namespace skinlab::python {

void bind_models(pybind11::module_& module);      ///< Model, load, segment, Skeleton, skeletonize, weights
void bind_animation(pybind11::module_& module);   ///< Clip, Session, Frame, deformers
void bind_experiments(pybind11::module_& module);  ///< metrics, run_experiment

}  // namespace skinlab::python
