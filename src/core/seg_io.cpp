// SPDX-License-Identifier: GPL-3.0-or-later
#include <map>
#include <ostream>

#include "skinlab/core/lexer.hpp"
#include "skinlab/core/mesh_io.hpp"

namespace skinlab {

namespace {

SegLabels seg_from(Lexer& lex, int num_faces, const std::vector<std::string>& names) {
  std::vector<long> values;
  values.reserve(static_cast<std::size_t>(num_faces));
  while (!lex.at_end()) {
    const Token at = lex.peek();
    if (static_cast<int>(values.size()) == num_faces)
      lex.fail(at, "end of file: the mesh has " + std::to_string(num_faces) + " faces");
    const long value = lex.expect_integer("a part label (integer)");
    if (value < 0 || value > 1'000'000) lex.fail(at, "a part label from 0 to 1000000");
    // With a hierarchy, a label names one of its segments: a label past them is the labels'
    // fault, not the hierarchy's.
    if (!names.empty() && value >= static_cast<long>(names.size()))
      lex.fail(at, "a label below " + std::to_string(names.size()) + " (the hierarchy's segments)");
    if (lex.on_line(at.line)) lex.fail(lex.peek(), "one label per line");
    values.push_back(value);
  }
  if (static_cast<int>(values.size()) != num_faces)
    lex.fail_message(lex.peek(), "expected " + std::to_string(num_faces) + " labels (one per face), found " +
                                     std::to_string(values.size()));
  std::map<long, int> ids;
  for (long v : values) ids.emplace(v, 0);
  SegLabels out;
  for (auto& [value, id] : ids) {
    id = static_cast<int>(out.part_names.size());
    out.part_names.push_back(value < static_cast<long>(names.size()) ? names[value] : "part" + std::to_string(value));
  }
  for (long v : values) out.labels.push_back(ids[v]);
  return out;
}

}  // namespace

SegLabels read_seg(const std::filesystem::path& path, int num_faces, const std::vector<std::string>& names) {
  Lexer lex = Lexer::from_file(path);
  return seg_from(lex, num_faces, names);
}

SegLabels parse_seg(const std::string& file, std::string text, int num_faces, const std::vector<std::string>& names) {
  Lexer lex(file, std::move(text));
  return seg_from(lex, num_faces, names);
}

void write_seg(std::ostream& out, const std::vector<int>& labels) {
  for (int l : labels) out << l << '\n';
}

}  // namespace skinlab
