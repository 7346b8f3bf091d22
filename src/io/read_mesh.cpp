// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/io/read_mesh.hpp"

#include "skinlab/core/error.hpp"
#include "skinlab/core/lexer.hpp"
#include "skinlab/io/mesh_formats.hpp"

namespace skinlab {

namespace {

// True when some vertex is used by triangles of two different parts: the parts are already
// stitched and welding could only merge distinct vertices.
bool parts_share_a_vertex(const LabeledMesh& labeled) {
  std::vector<int> first_label(labeled.mesh.positions.size(), -1);
  for (std::size_t f = 0; f < labeled.mesh.triangles.size(); ++f)
    for (int v : labeled.mesh.triangles[f]) {
      if (first_label[v] < 0) first_label[v] = labeled.labels[f];
      if (first_label[v] != labeled.labels[f]) return true;
    }
  return false;
}

}  // namespace

LabeledMesh read_labeled_mesh(const std::filesystem::path& mesh, const std::filesystem::path& seg,
                              const std::vector<std::string>& seg_names) {
  LabeledMesh labeled;
  bool separate_objects = true;  // Assimp's objects never share vertices
  switch (mesh_format(mesh).reader) {
    case MeshReader::obj:
      labeled = read_obj(mesh);
      separate_objects = !parts_share_a_vertex(labeled);
      break;
    case MeshReader::off:
      separate_objects = false;  // a .seg labels the faces of one indexed mesh
      labeled.mesh = read_off(mesh, &labeled.face_lines);
      labeled.file = mesh.string();
      labeled.labels.assign(labeled.mesh.triangles.size(), 0);
      labeled.part_names = {"part0"};
      break;
    case MeshReader::assimp:
      labeled = read_assimp(mesh);
      break;
  }
  if (!seg.empty()) {
    if (labeled.part_names.size() > 1)
      throw InputError(seg.string() + ": labels given for " + mesh.string() + ", which already has " +
                       std::to_string(labeled.part_names.size()) + " groups");
    SegLabels labels = read_seg(seg, labeled.mesh.num_triangles(), seg_names);
    labeled.labels = std::move(labels.labels);
    labeled.part_names = std::move(labels.part_names);
  }
  if (separate_objects && labeled.part_names.size() > 1)
    weld_border_vertices(labeled, kWeldRelativeTolerance * bounding_box(labeled.mesh.positions).diagonal());
  return labeled;
}

}  // namespace skinlab
