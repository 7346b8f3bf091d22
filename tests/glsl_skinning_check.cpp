// SPDX-License-Identifier: GPL-3.0-or-later
// `glsl_skinning_check`: runs every deformer that has a GLSL form on homer in a bent pose, reads
// the skinned vertices back through transform feedback and prints, as JSON, the largest
// difference from the CPU deformer relative to the bounding-box diagonal. Needs an X display
// (Xvfb and Mesa's software OpenGL are enough).
#include <GL/glew.h>
// (kept apart so include sorting leaves the order alone)
#include <GL/freeglut.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/rigging/weights.hpp"
#include "test_poses.hpp"
#include "skinlab/viewer/gl_skinning.hpp"

using namespace skinlab;

int main(int argc, char** argv) {
  glutInit(&argc, argv);
  glutInitContextVersion(3, 3);
  glutInitContextProfile(GLUT_CORE_PROFILE);
  glutInitDisplayMode(GLUT_RGBA | GLUT_DEPTH);
  glutInitWindowSize(64, 64);
  glutCreateWindow("glsl_skinning_check");
  glewExperimental = GL_TRUE;
  if (glewInit() != GLEW_OK) return 2;

  const test::Posed bent = test::homer_bent(5, 1.2);
  const SegmentedModel& model = bent.model;
  const Skeleton& skeleton = bent.skeleton;
  const auto& rig = bent.rig;
  const AcceptedPose& pose = bent.pose;
  const double diagonal = bounding_box(model.mesh().positions).diagonal();
  const std::string fragment =
      "#version 330 core\nin vec3 v_normal;\nin vec3 v_color;\nout vec4 frag;\n"
      "void main() { frag = vec4(v_color + 0.0 * v_normal, 1.0); }\n";

  nlohmann::json results = nlohmann::json::array();
  for (const char* method : {"opening", "heat"}) {
    DeformerContext context(model, skeleton, rig, weight_source(model, skeleton, {"", method}), 1);
    for (const DeformerEntry& entry : deformer_registry()) {
      const std::unique_ptr<Deformer> deformer = entry.create(context);
      const std::optional<GpuSkinning> gpu = deformer->gpu_skinning();
      if (!gpu) continue;
      Frame cpu;
      deformer->deform(pose, cpu);
      GlSkinning gl(deformer->rest_mesh(), *gpu, fragment);
      std::vector<float> table, positions, normals;
      deformer->gpu_set_table(pose, table);
      gl.upload_sets(table);
      gl.read_back(positions, normals);
      double position_error = 0, normal_error = 0;
      for (std::size_t i = 0; i < cpu.positions.size(); ++i) {
        position_error = std::max(position_error, static_cast<double>(std::abs(positions[i] - cpu.positions[i])));
        normal_error = std::max(normal_error, static_cast<double>(std::abs(normals[i] - cpu.normals[i])));
      }
      results.push_back({{"skinning", entry.name},
                         {"weights", method},
                         {"vertices", gl.num_vertices()},
                         {"position_error", position_error / diagonal},
                         {"normal_error", normal_error}});
    }
  }
  std::cout << results.dump(2) << '\n';
  return glGetError() == GL_NO_ERROR ? 0 : 1;
}
