// SPDX-License-Identifier: GPL-3.0-or-later
// The Python module `skinlab` (docs/python.md): models, segmentation, skeletons, weights, clips,
// animation sessions with every registered deformer, quality metrics and experiments, with
// numpy arrays for the data. Errors of the input raise skinlab.InputError (a ValueError) with
// the command line's FILE:LINE messages.
#include <pybind11/pybind11.h>

#include "python/bindings.hpp"
#include "skinlab/core/error.hpp"

namespace py = pybind11;

PYBIND11_MODULE(skinlab, m) {
  m.doc() = "Skeleton-based rigid skinning of segmented models (Vasilakis & Fudos 2008) and the skinning "
            "methods it is measured against.";
  m.attr("__version__") = SKINLAB_VERSION;
  static py::exception<skinlab::InputError> input_error(m, "InputError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const skinlab::InputError& e) {
      PyErr_SetString(input_error.ptr(), e.what());
    }
  });
  skinlab::python::bind_models(m);
  skinlab::python::bind_animation(m);
  skinlab::python::bind_experiments(m);
}
