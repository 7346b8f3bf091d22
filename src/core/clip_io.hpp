// SPDX-License-Identifier: GPL-3.0-or-later
// The keyframe clip `.clip` ([VF08 §4.2]; grammar in docs/formats.md), as plain data.
// Evaluation (Hermite spans, tangents, extrapolation) belongs to src/animation.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "skinlab/core/skel_io.hpp"

namespace skinlab {

enum class Extrapolation { constant, linear, cycle, cycle_offset, bounce };
enum class TangentRule { flat, linear, smooth };

/// A degree of freedom as written: an integer id, NAME.rx|ry|rz, or mover.(tx|ty|tz|rx|ry|rz).
struct ClipDof {
  int id = -1;         ///< >= 0 when written as an integer
  std::string joint;   ///< joint name when written NAME.axis
  bool mover = false;  ///< mover.axis
  int axis = 0;        ///< 0..2 = rx,ry,rz for a joint; 0..5 = tx,ty,tz,rx,ry,rz for the mover
  std::string text() const;
  bool operator==(const ClipDof&) const = default;
};

struct ClipKey {
  double time = 0.0;   ///< seconds
  double value = 0.0;  ///< degrees (mover translations: model units)
  TangentRule in = TangentRule::smooth;
  TangentRule out = TangentRule::smooth;
  bool operator==(const ClipKey&) const = default;
};

struct ClipChannel {
  ClipDof dof;
  Extrapolation before = Extrapolation::constant;
  Extrapolation after = Extrapolation::constant;
  std::vector<ClipKey> keys;  ///< strictly increasing times, at least one
  int line = 0;               ///< where the channel is declared
  int col = 0;
};

struct ClipFile {
  std::string file;
  double range_begin = 0.0;  ///< playback interval, seconds
  double range_end = 0.0;
  std::vector<ClipChannel> channels;
};

/// Bounds the reader enforces: key values (degrees, or model units for mover translations) and
/// times (keys and range, seconds). Within them, evaluation in double stays finite wherever the
/// keys are not closer than about 1e-290 s; the sampler checks every value it produces.
inline constexpr double kMaxClipValue = 1e9;
inline constexpr double kMaxClipTime = 1e9;

const char* to_string(Extrapolation e);
const char* to_string(TangentRule r);

/// Parses `.clip` text; throws ParseError at the first error (grammar, counts that do not
/// match, non-increasing times, range end before begin, a DOF written twice the same way).
ClipFile parse_clip(const std::string& file, std::string text);
ClipFile read_clip(const std::filesystem::path& path);
void write_clip(std::ostream& out, const ClipFile& clip);

/// The integer DOF id of every channel for a skeleton with `skel.joints.size()` = J joints:
/// joint j owns 3j..3j+2, the mover 3J..3J+5. Throws ParseError at the channel when its DOF is
/// not in the skeleton or two channels drive the same DOF.
std::vector<int> resolve_clip_dofs(const ClipFile& clip, const SkelFile& skel);

}  // namespace skinlab
