// SPDX-License-Identifier: GPL-3.0-or-later
#include <pybind11/stl.h>

#include "python/arrays.hpp"
#include "python/bindings.hpp"
#include "skinlab/experiments/experiment.hpp"
#include "skinlab/experiments/experiment_definition.hpp"
#include "skinlab/io/json_file.hpp"
#include "skinlab/metrics/normal_deviation.hpp"
#include "skinlab/metrics/self_intersections.hpp"

namespace skinlab::python {

namespace {

py::object to_python(const nlohmann::json& value) {
  return py::module_::import("json").attr("loads")(value.dump());
}

nlohmann::json to_json(const py::object& value) {
  return nlohmann::json::parse(py::module_::import("json").attr("dumps")(value).cast<std::string>());
}

std::vector<Tri> triangles_of(const py::array_t<int, py::array::c_style | py::array::forcecast>& array) {
  const std::vector<int> flat = to_vector(array, 3, "triangles");
  std::vector<Tri> out(flat.size() / 3);
  std::memcpy(out.data(), flat.data(), flat.size() * sizeof(int));
  return out;
}

// Runs every task of a definition (a dict as the JSON file holds, or a path to one) and returns
// its tables: {table id: [{column: cell, ...}, ...]}; the raw rows under "rows".
py::dict run_experiment(const py::object& definition) {
  const ExperimentDefinition def = py::isinstance<py::dict>(definition)
                                       ? parse_experiment(to_json(definition), "experiment (from Python)")
                                       : read_experiment(definition.cast<std::string>());
  nlohmann::json rows = nlohmann::json::object();
  for (const ExperimentTask& task : experiment_tasks(def)) {
    nlohmann::json task_rows;
    {
      py::gil_scoped_release release;
      task_rows = run_task(def, task);
    }
    rows[task.id] = {{"rows", task_rows}, {"seconds", 0}};
  }
  const nlohmann::json results = experiment_results(def, "1/1", rows);
  py::dict out, raw;
  for (const Table& table : experiment_tables(def, results)) {
    py::list list;
    for (const auto& row : table.rows) {
      py::dict cells;
      for (std::size_t k = 0; k < table.columns.size(); ++k) cells[table.columns[k].c_str()] = row[k];
      list.append(cells);
    }
    out[table.id.c_str()] = list;
  }
  for (const auto& [id, task] : rows.items()) raw[id.c_str()] = to_python(task["rows"]);
  out["rows"] = raw;
  return out;
}

}  // namespace

void bind_experiments(py::module_& module) {
  module.def(
      "self_intersections",
      [](const py::array_t<float, py::array::c_style | py::array::forcecast>& positions,
         const py::array_t<int, py::array::c_style | py::array::forcecast>& triangles) -> py::object {
        const auto pairs = self_intersections(to_vector(positions, 3, "positions"), triangles_of(triangles));
        if (!pairs) return py::none();
        py::array_t<int> out({static_cast<py::ssize_t>(pairs->size()), py::ssize_t{2}});
        for (std::size_t i = 0; i < pairs->size(); ++i) {
          out.mutable_at(i, 0) = (*pairs)[i].first;
          out.mutable_at(i, 1) = (*pairs)[i].second;
        }
        return py::object(std::move(out));
      },
      py::arg("positions"), py::arg("triangles"),
      "Pairs of triangles that intersect other than along a shared edge or vertex, (k, 2) int32 (exact "
      "predicates); None when the triangles are not a mesh CGAL takes. positions (n, 3), triangles (m, 3).");
  module.def(
      "normal_deviation",
      [](const py::array_t<double, py::array::c_style | py::array::forcecast>& positions,
         const py::array_t<int, py::array::c_style | py::array::forcecast>& triangles) {
        TriMesh mesh;
        const std::vector<double> flat = to_vector(positions, 3, "positions");
        for (std::size_t i = 0; i < flat.size(); i += 3) mesh.positions.emplace_back(flat[i], flat[i + 1], flat[i + 2]);
        mesh.triangles = triangles_of(triangles);
        const NormalDeviation d = normal_deviation(mesh);
        return py::make_tuple(d.mean_degrees, d.max_degrees);
      },
      py::arg("positions"), py::arg("triangles"),
      "(mean, max) degrees between each triangle's normal and the smooth normal there.");
  module.def("run_experiment", &run_experiment, py::arg("definition"),
        "Runs an experiment definition (a dict, or a path to its JSON) and returns {table id: [row dict, ...]} "
        "plus 'rows': the measured rows per task.");
}

}  // namespace skinlab::python
