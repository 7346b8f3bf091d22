// SPDX-License-Identifier: GPL-3.0-or-later
// Headless screenshots (`view --screenshot`): one frame rendered into the back buffer, read
// back, written as PNG, with its state as JSON for tests.
#pragma once

#include "skinlab/viewer/viewer_state.hpp"

namespace skinlab {

/// Shows options.frame (after --focus and --click), draws it, writes options.screenshot and,
/// with options.json, prints the frame's state. Throws InputError for a frame past the clip.
void capture_screenshot(ViewerState& viewer, const ViewerOptions& options);

}  // namespace skinlab
