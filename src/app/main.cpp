#include <iostream>

#include "app/commands.hpp"
#include "core/error.hpp"

int main(int argc, char** argv) {
  CLI::App app{"skinlab: skeleton extraction, keyframe animation and skinning of segmented meshes"};
  app.require_subcommand(1);
  int exit_code = 0;
  skinlab::add_check_command(app, exit_code);
  skinlab::add_info_command(app, exit_code);
  skinlab::add_skeletonize_command(app, exit_code);
  skinlab::add_segment_command(app, exit_code);
  skinlab::add_animate_command(app, exit_code);
  skinlab::add_view_command(app, exit_code, 1, argv);
  skinlab::add_weights_command(app, exit_code);
  skinlab::add_bench_command(app, exit_code);
  skinlab::add_experiment_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  } catch (const skinlab::InputError& e) {
    std::cerr << e.what() << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "skinlab: internal error: " << e.what() << '\n';
    return 1;
  }
  return exit_code;
}
