// SPDX-License-Identifier: GPL-3.0-or-later
// The one `--size WxH` option of the commands that render (view, skeletonize): a picture's or a
// window's width and height in pixels, 16 to 8192 each.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "skinlab/core/lexer.hpp"

namespace skinlab {

struct PixelSize {
  int width = 0;
  int height = 0;
};

/// Adds `--size WxH` to `command`, parsed into `size` (whose value is the default).
inline CLI::Option* add_size_option(CLI::App& command, PixelSize& size, const std::string& help) {
  return command
      .add_option_function<std::string>(
          "--size",
          [&size](const std::string& text) {
            long w = 0, h = 0;
            const auto x = text.find('x');
            if (x == std::string::npos || !parse_long(text.substr(0, x), w) || !parse_long(text.substr(x + 1), h) ||
                w < 16 || h < 16 || w > 8192 || h > 8192)
              throw CLI::ValidationError("--size", "expected WxH between 16x16 and 8192x8192, found '" + text + "'");
            size = {static_cast<int>(w), static_cast<int>(h)};
          },
          help + " (WxH)")
      ->default_str(std::to_string(size.width) + "x" + std::to_string(size.height));
}

}  // namespace skinlab
