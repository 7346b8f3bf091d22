// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/core/clip_io.hpp"

#include <cmath>
#include <ostream>

#include "skinlab/core/error.hpp"
#include "skinlab/core/lexer.hpp"

namespace skinlab {

namespace {

const char* const kExtrapolationNames[] = {"constant", "linear", "cycle", "cycle_offset", "bounce"};
const char* const kRuleNames[] = {"flat", "linear", "smooth"};
const char* const kJointAxes[] = {"rx", "ry", "rz"};
const char* const kMoverAxes[] = {"tx", "ty", "tz", "rx", "ry", "rz"};

// A number within [-bound, bound]: bounded values keep every evaluation (Hermite spans, linear
// and cycle extrapolation over the clip's range) far from double's and float's overflow.
double expect_bounded(Lexer& lex, double bound, std::string_view what) {
  const Token t = lex.peek();
  const double value = lex.expect_number(what);
  if (std::abs(value) > bound) lex.fail(t, std::string(what) + " within +-" + format_double(bound));
  return value;
}

// A name from `names` or its position written as an integer.
template <std::size_t N>
int expect_enum(Lexer& lex, const char* const (&names)[N], std::string_view what) {
  const Token t = lex.expect(what);
  for (std::size_t i = 0; i < N; ++i)
    if (iequals(t.text, names[i])) return static_cast<int>(i);
  long code = 0;
  if (parse_long(t.text, code) && code >= 0 && code < static_cast<long>(N)) return static_cast<int>(code);
  std::string choices;
  for (std::size_t i = 0; i < N; ++i) choices += std::string(i ? "|" : "") + names[i];
  lex.fail(t, std::string(what) + " (" + choices + " or 0.." + std::to_string(N - 1) + ")");
}

template <std::size_t N>
int axis_index(std::string_view text, const char* const (&names)[N]) {
  for (std::size_t i = 0; i < N; ++i)
    if (iequals(text, names[i])) return static_cast<int>(i);
  return -1;
}

ClipDof parse_dof(const Lexer& lex, const Token& t) {
  ClipDof dof;
  long id = 0;
  if (parse_long(t.text, id)) {
    if (id < 0 || id > 1'000'000) lex.fail(t, "a DOF id >= 0");
    dof.id = static_cast<int>(id);
    return dof;
  }
  const auto dot = t.text.rfind('.');
  const char* const expected = "a DOF (integer id, NAME.rx|ry|rz or mover.tx|ty|tz|rx|ry|rz)";
  if (dot == std::string_view::npos || dot == 0) lex.fail(t, expected);
  const std::string_view name = t.text.substr(0, dot);
  const std::string_view axis = t.text.substr(dot + 1);
  dof.mover = iequals(name, "mover");
  dof.axis = dof.mover ? axis_index(axis, kMoverAxes) : axis_index(axis, kJointAxes);
  if (dof.axis < 0) lex.fail(t, expected);
  if (!dof.mover) dof.joint = std::string(name);
  return dof;
}

ClipFile parse(Lexer& lex) {
  ClipFile clip;
  clip.file = lex.file();
  lex.expect_keyword("animation");
  lex.expect_keyword("{");
  lex.expect_keyword("range");
  clip.range_begin = expect_bounded(lex, kMaxClipTime, "the range start T0 (seconds)");
  const Token end_token = lex.peek();
  clip.range_end = expect_bounded(lex, kMaxClipTime, "the range end T1 (seconds)");
  if (clip.range_end < clip.range_begin) lex.fail(end_token, "a range end T1 >= T0");
  lex.expect_keyword("numChannels");
  const Token count_token = lex.peek();
  const long num_channels = lex.expect_integer("the channel count");
  if (num_channels < 0 || num_channels > 100'000) lex.fail(count_token, "a channel count from 0 to 100000");
  for (long c = 0; c < num_channels; ++c) {
    if (!iequals(lex.peek().text, "channel"))
      lex.fail(lex.peek(),
               "'channel' (numChannels is " + std::to_string(num_channels) + ", " + std::to_string(c) + " read)");
    lex.next();
    ClipChannel channel;
    const Token dof_token = lex.expect("a DOF");
    channel.dof = parse_dof(lex, dof_token);
    channel.line = dof_token.line;
    channel.col = dof_token.col;
    for (const ClipChannel& other : clip.channels)
      if (other.dof == channel.dof)
        lex.fail_message(dof_token, "duplicate DOF " + quote(channel.dof.text()) + " (first at line " +
                                        std::to_string(other.line) + ")");
    lex.expect_keyword("{");
    lex.expect_keyword("extrapolate");
    channel.before = static_cast<Extrapolation>(expect_enum(lex, kExtrapolationNames, "an extrapolation mode"));
    channel.after = static_cast<Extrapolation>(expect_enum(lex, kExtrapolationNames, "an extrapolation mode"));
    lex.expect_keyword("keys");
    const Token keys_token = lex.peek();
    const long num_keys = lex.expect_integer("the key count");
    if (num_keys < 1 || num_keys > 1'000'000) lex.fail(keys_token, "a key count from 1 to 1000000");
    lex.expect_keyword("{");
    for (long k = 0; k < num_keys; ++k) {
      ClipKey key;
      const Token time_token = lex.peek();
      if (iequals(time_token.text, "}"))
        lex.fail(time_token, "a key time (keys is " + std::to_string(num_keys) + ", " + std::to_string(k) + " read)");
      key.time = expect_bounded(lex, kMaxClipTime, "a key time (seconds)");
      if (!channel.keys.empty() && key.time <= channel.keys.back().time)
        lex.fail(time_token, "a key time greater than " + format_double(channel.keys.back().time));
      key.value = expect_bounded(lex, kMaxClipValue, "a key value");
      key.in = static_cast<TangentRule>(expect_enum(lex, kRuleNames, "an incoming tangent rule"));
      key.out = static_cast<TangentRule>(expect_enum(lex, kRuleNames, "an outgoing tangent rule"));
      channel.keys.push_back(key);
    }
    if (!iequals(lex.peek().text, "}"))
      lex.fail(lex.peek(), "'}' after " + std::to_string(num_keys) + " keys (the key count)");
    lex.next();
    lex.expect_keyword("}");
    clip.channels.push_back(std::move(channel));
  }
  if (!iequals(lex.peek().text, "}"))
    lex.fail(lex.peek(), "'}' after " + std::to_string(num_channels) + " channels (numChannels)");
  lex.next();
  if (!lex.at_end()) lex.fail(lex.peek(), "end of file after the animation block");
  return clip;
}

}  // namespace

std::string ClipDof::text() const {
  if (id >= 0) return std::to_string(id);
  if (mover) return std::string("mover.") + kMoverAxes[axis];
  return joint + "." + kJointAxes[axis];
}

const char* to_string(Extrapolation e) { return kExtrapolationNames[static_cast<int>(e)]; }
const char* to_string(TangentRule r) { return kRuleNames[static_cast<int>(r)]; }

ClipFile parse_clip(const std::string& file, std::string text) {
  Lexer lex(file, std::move(text));
  return parse(lex);
}

ClipFile read_clip(const std::filesystem::path& path) {
  Lexer lex = Lexer::from_file(path);
  return parse(lex);
}

void write_clip(std::ostream& out, const ClipFile& clip) {
  out << "animation\n{\n    range " << format_double(clip.range_begin) << ' ' << format_double(clip.range_end)
      << "\n    numChannels " << clip.channels.size() << '\n';
  for (const ClipChannel& channel : clip.channels) {
    out << "    channel " << channel.dof.text() << "\n    {\n        extrapolate " << to_string(channel.before) << ' '
        << to_string(channel.after) << "\n        keys " << channel.keys.size() << "\n        {\n";
    for (const ClipKey& key : channel.keys)
      out << "            " << format_double(key.time) << ' ' << format_double(key.value) << ' ' << to_string(key.in)
          << ' ' << to_string(key.out) << '\n';
    out << "        }\n    }\n";
  }
  out << "}\n";
}

std::vector<int> resolve_clip_dofs(const ClipFile& clip, const SkelFile& skel) {
  const int num_joints = static_cast<int>(skel.joints.size());
  const int num_dofs = 3 * num_joints + 6;
  std::vector<int> ids;
  std::vector<int> owner(static_cast<std::size_t>(num_dofs), -1);
  for (const ClipChannel& channel : clip.channels) {
    const ClipDof& dof = channel.dof;
    int id = dof.id;
    if (dof.mover) {
      id = 3 * num_joints + dof.axis;
    } else if (id < 0) {
      for (int j = 0; j < num_joints; ++j)
        if (skel.joints[j].name == dof.joint) id = 3 * j + dof.axis;
      if (id < 0)
        throw ParseError(clip.file, channel.line, channel.col,
                         "DOF " + quote(dof.text()) + " names no joint of " + skel.file);
    }
    if (id >= num_dofs)
      throw ParseError(clip.file, channel.line, channel.col,
                       "DOF id " + std::to_string(id) + " out of range 0.." + std::to_string(num_dofs - 1) + " (" +
                           std::to_string(num_joints) + " joints in " + skel.file + ")");
    if (owner[id] >= 0)
      throw ParseError(clip.file, channel.line, channel.col,
                       "DOF " + quote(dof.text()) + " is DOF " + std::to_string(id) +
                           ", already driven by the channel at line " + std::to_string(owner[id]));
    owner[id] = channel.line;
    ids.push_back(id);
  }
  return ids;
}

}  // namespace skinlab
