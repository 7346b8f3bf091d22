// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <ostream>

#include "skinlab/core/lexer.hpp"
#include "skinlab/core/mesh_io.hpp"

namespace skinlab {

namespace {

TriMesh off_from(Lexer& lex, std::vector<int>* face_lines) {
  const Token first = lex.peek();
  if (first.text.size() >= 3 && iequals(first.text.substr(first.text.size() - 3), "OFF")) lex.next();
  const auto count = [&](std::string_view what) {
    const Token at = lex.peek();
    const long n = lex.expect_integer(what);
    if (n < 0 || n > 100'000'000) lex.fail(at, std::string(what) + " (a count from 0 to 1e8)");
    return static_cast<int>(n);
  };
  const int nv = count("the vertex count");
  const int nf = count("the face count");
  count("the edge count");
  TriMesh mesh;
  // A count is a claim until the data bears it out: reserve no more than a modest amount.
  mesh.positions.reserve(static_cast<std::size_t>(std::min(nv, 1 << 20)));
  for (int v = 0; v < nv; ++v) {
    const int line = lex.peek().line;
    Vec3 p;
    for (int i = 0; i < 3; ++i)
      p[i] = lex.expect_number("vertex " + std::to_string(v) + " coordinate (" + std::to_string(nv) +
                               " vertices declared)");
    mesh.positions.push_back(p);
    lex.skip_line(line);  // colours or normals
  }
  std::vector<int> polygon;
  for (int f = 0; f < nf; ++f) {
    const Token at = lex.peek();
    const long n = lex.expect_integer("the vertex count of face " + std::to_string(f) + " (" + std::to_string(nf) +
                                      " faces declared)");
    if (n < 3) lex.fail(at, "a face with at least 3 vertices");
    polygon.clear();
    for (long i = 0; i < n; ++i) {
      const Token index_token = lex.peek();
      const long index = lex.expect_integer("a vertex index");
      if (index < 0 || index >= nv)
        lex.fail_message(index_token,
                         "vertex index " + std::to_string(index) + " out of range 0.." + std::to_string(nv - 1));
      polygon.push_back(static_cast<int>(index));
    }
    lex.skip_line(at.line);  // face colour
    const std::size_t before = mesh.triangles.size();
    append_fan(polygon, mesh.triangles);
    if (face_lines) face_lines->insert(face_lines->end(), mesh.triangles.size() - before, at.line);
  }
  if (!lex.at_end()) lex.fail(lex.peek(), "end of file after " + std::to_string(nf) + " faces");
  return mesh;
}

}  // namespace

TriMesh read_off(const std::filesystem::path& path, std::vector<int>* face_lines) {
  Lexer lex = Lexer::from_file(path);
  return off_from(lex, face_lines);
}

TriMesh parse_off(const std::string& file, std::string text, std::vector<int>* face_lines) {
  Lexer lex(file, std::move(text));
  return off_from(lex, face_lines);
}

void write_off(std::ostream& out, const TriMesh& mesh) {
  out << "OFF\n" << mesh.num_vertices() << ' ' << mesh.num_triangles() << " 0\n";
  for (const Vec3& p : mesh.positions)
    out << format_double(p.x()) << ' ' << format_double(p.y()) << ' ' << format_double(p.z()) << '\n';
  for (const Tri& t : mesh.triangles) out << "3 " << t[0] << ' ' << t[1] << ' ' << t[2] << '\n';
}

}  // namespace skinlab
