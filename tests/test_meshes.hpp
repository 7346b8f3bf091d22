// Tiny meshes built in code for the tests.
#pragma once

#include <cmath>
#include <numbers>

#include "core/tri_mesh.hpp"

namespace skinlab::test {

/// A closed cylinder of radius r around z from 0 to `parts` (one unit per part), `sides`
/// vertices per ring; ring k sits at z = k. Part p holds the band between rings p and p+1,
/// the bottom cap goes to part 0 and the top cap to the last part.
inline LabeledMesh stacked_cylinder(int parts, int sides, double r = 1.0) {
  LabeledMesh out;
  TriMesh& m = out.mesh;
  for (int k = 0; k <= parts; ++k)
    for (int i = 0; i < sides; ++i) {
      const double a = 2 * std::numbers::pi * i / sides;
      m.positions.emplace_back(r * std::cos(a), r * std::sin(a), k);
    }
  const int bottom = m.num_vertices(), top = bottom + 1;
  m.positions.emplace_back(0, 0, 0);
  m.positions.emplace_back(0, 0, parts);
  const auto id = [sides](int k, int i) { return k * sides + (i % sides); };
  const auto add = [&](Tri t, int label) {
    m.triangles.push_back(t);
    out.labels.push_back(label);
  };
  for (int i = 0; i < sides; ++i) add({bottom, id(0, i + 1), id(0, i)}, 0);
  for (int k = 0; k < parts; ++k)
    for (int i = 0; i < sides; ++i) {
      add({id(k, i), id(k, i + 1), id(k + 1, i + 1)}, k);
      add({id(k, i), id(k + 1, i + 1), id(k + 1, i)}, k);
    }
  for (int i = 0; i < sides; ++i) add({top, id(parts, i), id(parts, i + 1)}, parts - 1);
  for (int p = 0; p < parts; ++p) out.part_names.push_back("seg" + std::to_string(p));
  return out;
}

}  // namespace skinlab::test
