#include "core/skel_io.hpp"

#include <cmath>
#include <ostream>
#include <unordered_set>

#include "core/lexer.hpp"

namespace skinlab {

namespace {

const char* const kLimitNames[6] = {"XMIN", "XMAX", "YMIN", "YMAX", "ZMIN", "ZMAX"};

class SkelParser {
 public:
  explicit SkelParser(Lexer& lex) : lex_(lex) {}

  SkelFile parse() {
    SkelFile skel;
    skel.file = lex_.file();
    if (!lex_.accept_keyword("ROOT")) lex_.fail(lex_.peek(), "'ROOT'");
    segment(skel, -1);
    if (!lex_.at_end()) lex_.fail(lex_.peek(), "end of file after the root segment");
    return skel;
  }

 private:
  void segment(SkelFile& skel, int parent) {
    const Token name = lex_.expect("a segment name");
    if (iequals(name.text, "{") || iequals(name.text, "}")) lex_.fail(name, "a segment name");
    if (!names_.insert(std::string(name.text)).second)
      lex_.fail_message(name, "duplicate segment name '" + std::string(name.text) + "'");
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
    if (lex_.accept_keyword("End")) {
      lex_.expect_keyword("Site");
    } else {
      if (!iequals(lex_.peek().text, "JOINT")) lex_.fail(lex_.peek(), "'JOINT' or 'End Site'");
      while (lex_.accept_keyword("JOINT")) segment(skel, self);
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
