// SPDX-License-Identifier: GPL-3.0-or-later
// The one validator of numeric options: finite and within a closed range. CLI11's Range lets NaN
// through (every comparison with NaN is false), so `--heat nan` reached the solver.
#pragma once

#include <CLI/CLI.hpp>
#include <cmath>
#include <sstream>
#include <string>

namespace skinlab {

/// Name under which every numeric option carries its validator (the option test looks it up).
inline constexpr const char* kFiniteRangeValidator = "finite range";

/// Accepts a finite number in [lo, hi]; the message names the range and what was found. Its
/// description, "in [lo, hi]", shows in --help.
inline CLI::Validator finite_range(double lo, double hi) {
  std::ostringstream range;
  range.precision(17);
  range << '[' << lo << ", " << hi << ']';
  const std::string text = range.str();
  return CLI::Validator(
      [lo, hi, text](std::string& input) -> std::string {
        double value = 0;
        if (!CLI::detail::lexical_cast(input, value)) return "expected a number in " + text + ", found " + input;
        if (!std::isfinite(value) || value < lo || value > hi)
          return "expected a finite number in " + text + ", found " + input;
        return {};
      },
      "in " + text, kFiniteRangeValidator);
}

}  // namespace skinlab
