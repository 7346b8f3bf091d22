// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/core/skel_io.hpp"

#include <cmath>
#include <ostream>
#include <unordered_set>

#include "skinlab/core/lexer.hpp"

namespace skinlab {

namespace {

const char* const kLimitNames[6] = {"XMIN", "XMAX", "YMIN", "YMAX", "ZMIN", "ZMAX"};

class SkelParser {
 public:
  explicit SkelParser(Lexer& lex) : lex_(lex) {}

  SkelFile parse() {
    SkelFile skel;
    skel.file = lex_.file();
    if (lex_.at_end()) lex_.fail(lex_.peek(), "a root segment");
    segment(skel, -1, "ROOT", 0);
    if (!lex_.at_end()) lex_.fail(lex_.peek(), "end of file after the root segment");
    return skel;
  }

 private:
  // The keyword before a segment's name is optional (docs/formats.md): it is the keyword
  // when a name, not a number, follows it; a segment may itself be named ROOT or JOINT.
  void optional_keyword(std::string_view keyword) {
    double number = 0;
    const Token& after = lex_.peek(1);
    if (iequals(lex_.peek().text, keyword) && !after.text.empty() && !parse_double(after.text, number)) lex_.next();
  }

  void segment(SkelFile& skel, int parent, std::string_view keyword, int depth) {
    if (depth > kMaxSkelDepth)
      lex_.fail_message(lex_.peek(), "segments nested deeper than " + std::to_string(kMaxSkelDepth) + " levels");
    optional_keyword(keyword);
    const Token name = lex_.expect("a segment name");
    if (iequals(name.text, "{") || iequals(name.text, "}")) lex_.fail(name, "a segment name");
    if (!names_.insert(std::string(name.text)).second)
      lex_.fail_message(name, "duplicate segment name " + quote(name.text));
    SkelJoint joint;
    joint.name = std::string(name.text);
    joint.parent = parent;
    joint.line = name.line;
    joint.col = name.col;
    for (int i = 0; i < 6; ++i) {
      const Token at = lex_.peek();
      joint.limits[i] = lex_.expect_number(std::string(kLimitNames[i]) + " (degrees)");
      if (std::abs(joint.limits[i]) > kMaxLimitDegrees)
        lex_.fail(at, std::string(kLimitNames[i]) + " within [-360, 360]");
      if (i % 2 == 1 && joint.limits[i] < joint.limits[i - 1])
        lex_.fail(at, std::string(kLimitNames[i]) + " >= " + kLimitNames[i - 1] + " (" +
                          format_double(joint.limits[i - 1]) + ")");
    }
    lex_.expect_keyword("{");
    const int self = static_cast<int>(skel.joints.size());
    skel.joints.push_back(joint);
    if (iequals(lex_.peek().text, "End") && iequals(lex_.peek(1).text, "Site")) {
      lex_.next();
      lex_.next();
    } else {
      if (lex_.at_end() || lex_.peek().text == "}") lex_.fail(lex_.peek(), "a child segment or 'End Site'");
      while (!lex_.at_end() && lex_.peek().text != "}") segment(skel, self, "JOINT", depth + 1);
    }
    lex_.expect_keyword("}");
  }

  Lexer& lex_;
  std::unordered_set<std::string> names_;
};

void write_segment(std::ostream& out, const SkelFile& skel, int j, int depth) {
  const std::string indent(static_cast<std::size_t>(4 * depth), ' ');
  const SkelJoint& joint = skel.joints[j];
  out << indent << (joint.parent < 0 ? "ROOT " : "JOINT ") << joint.name;
  for (double limit : joint.limits) out << ' ' << format_double(limit);
  out << '\n' << indent << "{\n";
  bool has_child = false;
  for (int c = j + 1; c < static_cast<int>(skel.joints.size()); ++c)
    if (skel.joints[c].parent == j) {
      write_segment(out, skel, c, depth + 1);
      has_child = true;
    }
  if (!has_child) out << indent << "    End Site\n";
  out << indent << "}\n";
}

}  // namespace

SkelFile parse_skel(const std::string& file, std::string text) {
  Lexer lex(file, std::move(text));
  return SkelParser(lex).parse();
}

SkelFile read_skel(const std::filesystem::path& path) {
  Lexer lex = Lexer::from_file(path);
  return SkelParser(lex).parse();
}

void write_skel(std::ostream& out, const SkelFile& skel) {
  if (skel.joints.empty()) return;
  write_segment(out, skel, 0, 0);
}

}  // namespace skinlab
