// SPDX-License-Identifier: GPL-3.0-or-later
#include <cmath>
#include <fstream>
#include <map>
#include <ostream>
#include <sstream>

#include "skinlab/core/error.hpp"
#include "skinlab/core/lexer.hpp"
#include "skinlab/core/mesh_io.hpp"

namespace skinlab {

namespace {

// The vertex index of an OBJ face corner "v", "v/vt", "v//vn" or "v/vt/vn", 0-based.
int corner_vertex(const Lexer& lex, const Token& token, int num_vertices) {
  const std::string_view head = token.text.substr(0, token.text.find('/'));
  long index = 0;
  if (!parse_long(head, index) || index == 0) lex.fail(token, "a vertex index (1-based or negative)");
  const long resolved = index > 0 ? index - 1 : num_vertices + index;
  if (resolved < 0 || resolved >= num_vertices)
    lex.fail_message(token, "vertex index " + std::string(head) + " out of range: " + std::to_string(num_vertices) +
                                " vertices defined so far");
  return static_cast<int>(resolved);
}

}  // namespace

namespace {

LabeledMesh obj_from(Lexer& lex) {
  LabeledMesh out;
  out.file = lex.file();
  std::map<std::string, int> group_ids;
  int current = -1;
  const auto select_group = [&](const std::string& name) {
    auto [it, inserted] = group_ids.emplace(name, static_cast<int>(out.part_names.size()));
    if (inserted) out.part_names.push_back(name);
    current = it->second;
  };
  std::vector<int> polygon;
  while (!lex.at_end()) {
    const Token keyword = lex.next();
    const int line = keyword.line;
    if (keyword.text == "v") {
      Vec3 p;
      for (int i = 0; i < 3; ++i) p[i] = lex.expect_number("a vertex coordinate");
      out.mesh.positions.push_back(p);
    } else if (keyword.text == "f") {
      polygon.clear();
      while (lex.on_line(line)) polygon.push_back(corner_vertex(lex, lex.next(), out.mesh.num_vertices()));
      if (polygon.size() < 3)
        lex.fail_message(keyword, "a face needs at least 3 vertices, found " + std::to_string(polygon.size()));
      if (current < 0) select_group("part0");
      const std::size_t before = out.mesh.triangles.size();
      append_fan(polygon, out.mesh.triangles);
      out.labels.insert(out.labels.end(), out.mesh.triangles.size() - before, current);
      out.face_lines.insert(out.face_lines.end(), out.mesh.triangles.size() - before, line);
    } else if (keyword.text == "g" || keyword.text == "o") {
      std::string name;
      while (lex.on_line(line)) {
        if (!name.empty()) name.push_back('_');
        name.append(lex.next().text);
      }
      if (name.empty()) name = "default";
      select_group(name);
    }
    lex.skip_line(line);
  }
  // Groups without faces are not components; renumber the others in order of appearance.
  drop_empty_parts(out);
  return out;
}

}  // namespace

LabeledMesh read_obj(const std::filesystem::path& path) {
  Lexer lex = Lexer::from_file(path);
  return obj_from(lex);
}

LabeledMesh parse_obj(const std::string& file, std::string text) {
  Lexer lex(file, std::move(text));
  return obj_from(lex);
}

void write_obj(std::ostream& out, const LabeledMesh& labeled, const std::optional<Upright>& upright) {
  out << "# skinlab OBJ: one group per component\n";
  if (upright) {
    for (const auto& [key, v] : {std::pair{"up", upright->up}, std::pair{"forward", upright->forward}})
      out << "# " << key << ' ' << format_double(v.x()) << ' ' << format_double(v.y()) << ' ' << format_double(v.z())
          << '\n';
  }
  for (const Vec3& p : labeled.mesh.positions)
    out << "v " << format_double(p.x()) << ' ' << format_double(p.y()) << ' ' << format_double(p.z()) << '\n';
  for (std::size_t part = 0; part < labeled.part_names.size(); ++part) {
    out << "g " << labeled.part_names[part] << '\n';
    for (std::size_t f = 0; f < labeled.mesh.triangles.size(); ++f)
      if (labeled.labels[f] == static_cast<int>(part)) {
        const Tri& t = labeled.mesh.triangles[f];
        out << "f " << t[0] + 1 << ' ' << t[1] + 1 << ' ' << t[2] + 1 << '\n';
      }
  }
}

void write_obj_frame(std::ostream& out, const std::string& comment, const std::vector<float>& positions,
                     const std::vector<float>& normals, const std::vector<Tri>& triangles,
                     const std::vector<int>& triangle_part, const std::vector<std::string>& part_names) {
  require_finite(positions, comment + ": positions");
  require_finite(normals, comment + ": normals");
  out << "# " << comment << '\n';
  for (const auto* array : {&positions, &normals}) {
    const char* tag = array == &positions ? "v " : "vn ";
    for (std::size_t v = 0; v + 2 < array->size(); v += 3)
      out << tag << format_double((*array)[v]) << ' ' << format_double((*array)[v + 1]) << ' '
          << format_double((*array)[v + 2]) << '\n';
  }
  std::vector<std::vector<int>> by_part(part_names.size());
  for (std::size_t f = 0; f < triangles.size(); ++f) by_part[triangle_part[f]].push_back(static_cast<int>(f));
  for (std::size_t part = 0; part < part_names.size(); ++part) {
    out << "g " << part_names[part] << '\n';
    for (int f : by_part[part]) {
      const Tri& t = triangles[f];
      out << "f " << t[0] + 1 << "//" << t[0] + 1 << ' ' << t[1] + 1 << "//" << t[1] + 1 << ' ' << t[2] + 1 << "//"
          << t[2] + 1 << '\n';
    }
  }
}

std::optional<Upright> read_obj_upright(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path.string() + ": cannot open");
  std::optional<Vec3> up, forward;
  std::string line;
  for (int number = 1; std::getline(in, line) && line.rfind('#', 0) == 0; ++number) {
    std::istringstream words(line.substr(1));
    std::string key;
    words >> key;
    if (key != "up" && key != "forward") continue;
    Vec3 v;
    if (!(words >> v.x() >> v.y() >> v.z()) || v.norm() == 0)
      throw InputError(path.string() + ":" + std::to_string(number) + ": expected '# " + key +
                       " X Y Z' with a non-zero direction");
    (key == "up" ? up : forward) = v.normalized();
  }
  if (!up || !forward) return std::nullopt;
  if (std::abs(up->dot(*forward)) > 1e-6)
    throw InputError(path.string() + ": the '# up' and '# forward' directions are not orthogonal");
  return Upright{*up, *forward};
}

}  // namespace skinlab
