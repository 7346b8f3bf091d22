#include "core/mesh_io.hpp"

#include "core/error.hpp"
#include "core/lexer.hpp"

namespace skinlab {

LabeledMesh read_labeled_mesh(const std::filesystem::path& mesh, const std::filesystem::path& seg,
                              const std::vector<std::string>& seg_names) {
  const std::string ext = mesh.extension().string();
  LabeledMesh labeled;
  if (iequals(ext, ".obj")) {
    labeled = read_obj(mesh);
  } else if (iequals(ext, ".off")) {
    labeled.mesh = read_off(mesh);
    labeled.labels.assign(labeled.mesh.triangles.size(), 0);
    labeled.part_names = {"part0"};
  } else {
    labeled = read_assimp(mesh);
  }
  if (!seg.empty()) {
    if (labeled.part_names.size() > 1)
      throw InputError(seg.string() + ": labels given for " + mesh.string() + ", which already has " +
                       std::to_string(labeled.part_names.size()) + " groups");
    SegLabels labels = read_seg(seg, labeled.mesh.num_triangles(), seg_names);
    labeled.labels = std::move(labels.labels);
    labeled.part_names = std::move(labels.part_names);
  }
  if (labeled.part_names.size() > 1)
    weld_border_vertices(labeled, kWeldRelativeTolerance * bounding_box(labeled.mesh.positions).diagonal());
  return labeled;
}

}  // namespace skinlab
