// SPDX-License-Identifier: GPL-3.0-or-later
// The viewer's input as one table: every key and mouse gesture with what it does. The table
// dispatches the keys, makes the help overlay (key h) and prints the docs' key list
// (`skinlab view --keys`, which docs/viewer.md holds verbatim; a test compares them).
#pragma once

#include <string>
#include <vector>

namespace skinlab {

class ViewerState;

/// GLUT reports arrow keys apart from characters; in the table they are this plus GLUT's code.
inline constexpr int kSpecialKey = 0x1000;

struct ViewerInput {
  std::string label;   ///< as the help and docs show it: "m", "1-4", "space", "left drag"
  std::string action;  ///< what it does, one line
  std::vector<int> codes;  ///< the characters (or kSpecialKey + GLUT key) that trigger it; none for the mouse
  /// Runs it; `code` is the one pressed. Null for the mouse gestures, which GLUT reports apart.
  void (*run)(ViewerState& viewer, int code) = nullptr;
};

/// Every input, in the order the help lists them (the skeleton-method keys follow the registry).
const std::vector<ViewerInput>& viewer_inputs();
/// Runs the input bound to `code`; false when none is.
bool handle_key(ViewerState& viewer, int code);
/// "label: action" per input, for the help overlay.
std::vector<std::string> input_help_lines();
/// The Markdown table of docs/viewer.md's "Keys and mouse".
std::string input_markdown_table();

/// Mouse handlers (GLUT's button codes; 3 and 4 are the wheel).
void mouse_button(ViewerState& viewer, int button, bool down, int x, int y);
void mouse_motion(ViewerState& viewer, int x, int y);

}  // namespace skinlab
