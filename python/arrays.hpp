// SPDX-License-Identifier: GPL-3.0-or-later
// numpy views of skinlab's arrays without copies: the array keeps its owner alive.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <vector>

namespace skinlab::python {

namespace py = pybind11;

/// A C-contiguous view of `rows` x `columns` elements at `data` (columns 0: one dimension),
/// read-only unless `writeable`; `owner` is kept alive as the array's base.
template <typename T>
py::array_t<T> view(const T* data, std::size_t rows, std::size_t columns, py::handle owner, bool writeable = false) {
  std::vector<py::ssize_t> shape{static_cast<py::ssize_t>(rows)}, strides{static_cast<py::ssize_t>(sizeof(T))};
  if (columns > 0) {
    shape.push_back(static_cast<py::ssize_t>(columns));
    strides = {static_cast<py::ssize_t>(sizeof(T) * columns), static_cast<py::ssize_t>(sizeof(T))};
  }
  py::array_t<T> array(shape, strides, data, owner);
  if (!writeable) array.attr("setflags")(py::arg("write") = false);
  return array;
}

/// A copy of a C-contiguous array (or anything numpy converts) as a std::vector, checking its
/// shape is (n, columns); `what` names it in the error.
template <typename T>
std::vector<T> to_vector(const py::array_t<T, py::array::c_style | py::array::forcecast>& array, std::size_t columns,
                         const char* what) {
  if (array.ndim() != 2 || static_cast<std::size_t>(array.shape(1)) != columns)
    throw py::value_error(std::string(what) + ": expected an (n, " + std::to_string(columns) + ") array");
  return std::vector<T>(array.data(), array.data() + array.size());
}

}  // namespace skinlab::python
