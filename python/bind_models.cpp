// SPDX-License-Identifier: GPL-3.0-or-later
#include <pybind11/stl.h>

#include "python/arrays.hpp"
#include "python/bindings.hpp"
#include "python/objects.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/io/read_mesh.hpp"
#include "skinlab/rigging/weights.hpp"
#include "skinlab/segmentation/segment_body_parts.hpp"
#include "skinlab/skeleton/extract_skeleton.hpp"

namespace skinlab::python {

namespace {

static_assert(sizeof(Vec3) == 3 * sizeof(double) && sizeof(Tri) == 3 * sizeof(int), "packed rows");

std::shared_ptr<PyModel> load(const std::string& name_or_path) {
  const ModelFiles files = resolve_model(name_or_path);
  return std::make_shared<PyModel>(PyModel{files.name, load_model(files), files.up, files.forward});
}

// The automatic segmentation of a closed genus-0 mesh into body parts with their hierarchy.
std::shared_ptr<PyModel> segment(const std::string& mesh_path, std::optional<int> max_parts) {
  const LabeledMesh mesh = read_labeled_mesh(mesh_path);
  const Segmentation s = max_parts ? segment_into_at_most(mesh.mesh, mesh_path, SegmentParams{}, *max_parts)
                                   : segment_body_parts(mesh.mesh, mesh_path, SegmentParams{});
  SegmentedModel model = SegmentedModel::build(s.parts, mesh_path);
  model.attach_hierarchy(s.hierarchy);
  auto out = std::make_shared<PyModel>(PyModel{mesh_path, std::move(model)});
  if (!s.up.isZero()) out->up = s.up, out->forward = s.forward;
  return out;
}

py::dict skeleton_dict(const Skeleton& s, const SkeletonTimings& t) {
  py::array_t<double> joints({static_cast<py::ssize_t>(s.joints.size()), py::ssize_t{3}});
  py::array_t<int> bones({static_cast<py::ssize_t>(s.bones.size()), py::ssize_t{2}}),
      bone_parts(static_cast<py::ssize_t>(s.bones.size())), joint_parts(static_cast<py::ssize_t>(s.joints.size()));
  py::list kinds;
  for (std::size_t j = 0; j < s.joints.size(); ++j) {
    for (int k = 0; k < 3; ++k) joints.mutable_at(j, k) = s.joints[j].position[k];
    joint_parts.mutable_at(j) = s.joints[j].component;
    kinds.append(to_string(s.joints[j].kind));
  }
  for (std::size_t b = 0; b < s.bones.size(); ++b) {
    bones.mutable_at(b, 0) = s.bones[b].from;
    bones.mutable_at(b, 1) = s.bones[b].to;
    bone_parts.mutable_at(b) = s.bones[b].component;
  }
  py::dict out;
  out["method"] = s.method;
  out["joints"] = joints;
  out["joint_kinds"] = kinds;
  out["joint_parts"] = joint_parts;
  out["bones"] = bones;
  out["bone_parts"] = bone_parts;
  out["ms"] = 1e3 * t.total;
  if (s.has_kernel_centroids) {
    py::array_t<double> centroids({static_cast<py::ssize_t>(s.components.size()), py::ssize_t{3}});
    for (std::size_t c = 0; c < s.components.size(); ++c)
      for (int k = 0; k < 3; ++k) centroids.mutable_at(c, k) = s.components[c].kernel_centroid[k];
    out["kernel_centroids"] = centroids;
  }
  return out;
}

py::dict skeletonize(const PyModel& m, const std::string& method, double max_angle, const std::string& refinement) {
  SkeletonParams params;
  params.method = method;
  params.max_angle_degrees = max_angle;
  params.local_refinement = find_local_refinement(refinement);
  SkeletonTimings timings;
  const Skeleton s = extract_skeleton(m.model, params, timings);
  return skeleton_dict(s, timings);
}

py::tuple weights(const PyModel& m, const std::string& method) {
  SkeletonParams params;
  const Skeleton skeleton = extract_skeleton(m.model, params);
  const SkinWeights w = weight_source(m.model, skeleton, {"", method})();
  const auto n = static_cast<py::ssize_t>(w.num_vertices());
  py::array_t<std::uint16_t> joints({n, py::ssize_t{4}});
  py::array_t<float> values({n, py::ssize_t{4}});
  std::memcpy(joints.mutable_data(), w.joints.data(), sizeof(std::uint16_t) * 4 * w.joints.size());
  std::memcpy(values.mutable_data(), w.weights.data(), sizeof(float) * 4 * w.weights.size());
  return py::make_tuple(joints, values);
}

}  // namespace

void bind_models(py::module_& module) {
  py::class_<PyModel, std::shared_ptr<PyModel>>(module, "Model", "A segmented model: a closed mesh in parts with a hierarchy.")
      .def_readonly("name", &PyModel::name)
      .def_property_readonly(
          "vertices",
          [](py::object self) {
            const auto& p = self.cast<const PyModel&>().model.mesh().positions;
            return view(p.empty() ? nullptr : p.front().data(), p.size(), 3, self);
          },
          "(n, 3) float64, read-only view")
      .def_property_readonly(
          "triangles",
          [](py::object self) {
            const auto& t = self.cast<const PyModel&>().model.mesh().triangles;
            return view(t.empty() ? nullptr : t.front().data(), t.size(), 3, self);
          },
          "(m, 3) int32 vertex ids, read-only view")
      .def_property_readonly(
          "labels",
          [](py::object self) {
            const auto& l = self.cast<const PyModel&>().model.labels();
            return view(l.data(), l.size(), 0, self);
          },
          "(m,) int32 part id per triangle, read-only view")
      .def_property_readonly("part_names",
                             [](const PyModel& m) {
                               std::vector<std::string> names;
                               for (const Component& c : m.model.components()) names.push_back(c.name);
                               return names;
                             })
      .def_property_readonly(
          "parents",
          [](const PyModel& m) {
            return m.model.hierarchy() ? m.model.hierarchy()->parent : std::vector<int>(m.model.num_components(), -1);
          },
          "each part's parent part id, -1 for the root")
      .def_property_readonly("up", [](const PyModel& m) { return std::vector<double>(m.up.data(), m.up.data() + 3); })
      .def_property_readonly("forward",
                             [](const PyModel& m) { return std::vector<double>(m.forward.data(), m.forward.data() + 3); })
      .def("__repr__", [](const PyModel& m) {
        return "<skinlab.Model " + m.name + ": " + std::to_string(m.model.mesh().num_vertices()) + " vertices, " +
               std::to_string(m.model.num_components()) + " parts>";
      });
  module.def("load", &load, py::arg("name_or_path"),
        "A standard model by name (skinlab.models()) or a mesh file with its .seg and .skel beside it.");
  module.def(
      "models",
      [](const std::string& set) {
        return model_names_in_set(read_manifest(skinlab_root() / "models" / "manifest.json"), set);
      },
      py::arg("set") = "standard",
      "The names of the manifest's models in a set: 'standard' (default) or 'thesis-parts' (the same meshes "
      "segmented at the thesis' part counts).");
  module.def("data_root", [] { return skinlab_root().string(); }, "The folder holding models/, clips/, experiments/.");
  module.def("segment", &segment, py::arg("mesh_path"), py::arg("max_parts") = py::none(),
        "Segments a closed genus-0 mesh into body parts with a hierarchy (skinlab segment).");
  module.def("skeleton_methods", &skeleton_method_names, "The registered skeleton methods, in the thesis' order.");
  module.def("skeletonize", &skeletonize, py::arg("model"), py::arg("method") = "pa-refined", py::arg("max_angle") = 20.0,
             py::arg("refinement") = "thesis",
        "The skeleton as a dict (refinement: thesis or blend, as `skeletonize --refinement`): joints (k, 3) float64, joint_kinds, joint_parts (k,), bones (b, 2) int32 joint "
        "ids, bone_parts (b,), kernel_centroids (parts, 3) where the method has them, ms.");
  module.def("weights", &weights, py::arg("model"), py::arg("method") = "opening",
        "Skinning weights (opening or heat): (joints (n, 4) uint16 part ids, weights (n, 4) float32).");
}

}  // namespace skinlab::python
