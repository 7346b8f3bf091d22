// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/viewer/headless_capture.hpp"

#include <iostream>

#include "skinlab/core/error.hpp"
#include "skinlab/io/json_text.hpp"

namespace skinlab {

void capture_screenshot(ViewerState& viewer, const ViewerOptions& options) {
  if (options.frame > viewer.grid().last())
    throw InputError("--frame " + std::to_string(options.frame) + ": the clip has frames 0.." +
                     std::to_string(viewer.grid().last()) + " at this --fps");
  viewer.show(options.frame);
  if (!options.focus.empty()) viewer.focus_on(options.focus);
  if (options.click) viewer.selected = viewer.pick(options.click_x, options.click_y);
  viewer.draw();
  glFinish();
  const int width = options.width, height = options.height;
  std::vector<unsigned char> pixels(static_cast<std::size_t>(width) * height * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  // GL's rows start at the bottom, PNG's at the top.
  std::vector<unsigned char> flipped(pixels.size());
  const std::size_t row = static_cast<std::size_t>(width) * 3;
  for (int y = 0; y < height; ++y)
    std::copy_n(pixels.begin() + static_cast<std::ptrdiff_t>(row * (height - 1 - y)), row,
                flipped.begin() + static_cast<std::ptrdiff_t>(row * y));
  write_png(options.screenshot, width, height, flipped);
  if (options.json) std::cout << json_text(viewer.frame_json(options.screenshot)) << '\n';
}

}  // namespace skinlab
