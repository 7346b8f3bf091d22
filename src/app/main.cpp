// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>

#include "skinlab/app/argument_names.hpp"
#include "skinlab/app/commands.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/core/remove_on_signal.hpp"
#include "skinlab/core/version.hpp"

int main(int argc, char** argv) {
  CLI::App app{"skinlab: skeleton extraction, keyframe animation and skinning of segmented meshes"};
  int exit_code = 0;
  skinlab::install_signal_cleanup();
  skinlab::add_commands(app, exit_code, argc, argv);
  app.set_version_flag("--version", [] {
    return std::string("skinlab ") + skinlab::version() + " (commit " + skinlab::build_commit() + ")";
  });
  try {
    // --help and --version are answered whatever else the line holds, as CLI11 does.
    const bool asks_for_help = std::any_of(argv + 1, argv + argc, [](const char* a) {
      const std::string arg = a;
      return arg == "-h" || arg == "--help" || arg == "--version";
    });
    if (!asks_for_help) skinlab::check_argument_names(app, argc, argv);
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  } catch (const skinlab::InputError& e) {
    std::cerr << e.what() << '\n';
    return 2;
  } catch (const std::filesystem::filesystem_error& e) {
    // A path the user gave that cannot be read or written (a file where a folder must be, no
    // permission, no space): bad input, not a failure of skinlab.
    std::cerr << e.path1().string() << ": " << e.code().message() << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "skinlab: internal error: " << e.what() << '\n';
    return 1;
  }
  return exit_code;
}
