// SPDX-License-Identifier: GPL-3.0-or-later
// `skinlab view MODEL [--clip FILE] [--screenshot OUT.png --frame N --size WxH]`, `skinlab view --keys`
#include <iostream>

#include "skinlab/app/commands.hpp"
#include "skinlab/app/number_option.hpp"
#include "skinlab/app/size_option.hpp"
#include "skinlab/app/weight_options.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/viewer/input.hpp"
#include "skinlab/viewer/viewer.hpp"

namespace skinlab {

void add_view_command(CLI::App& app, int& exit_code, int argc, char** argv) {
  auto o = std::make_shared<ViewerOptions>();
  auto size = std::make_shared<PixelSize>(PixelSize{960, 720});
  auto click = std::make_shared<std::vector<int>>();
  auto no_colors = std::make_shared<bool>(false);
  CLI::App* sub = app.add_subcommand("view", "Open the GLUT viewer, or render one frame headless (--screenshot)");
  auto keys = std::make_shared<bool>(false);
  sub->add_option("model", o->model, "Standard model name or mesh path (required unless --keys)");
  sub->add_option("--clip", o->clip, "Keyframe clip to play");
  sub->add_option("--method", o->method, skeleton_method_help() + "\n(keys 1-" + std::to_string(skeleton_methods().size()) + ")")
      ->check(CLI::IsMember(skeleton_method_names()))
      ->capture_default_str();
  sub->add_option("--skinning", o->skinning, deformer_option_help() + "\n(key d: next deformer)")
      ->check(CLI::IsMember(deformer_names()))
      ->capture_default_str();
  add_weight_options(*sub, o->weights, o->threads);
  sub->add_flag("--no-limits{false}", o->limits, "Do not reject angles outside the joint limits");
  sub->add_option("--limits", o->limit_rejection, kLimitsHelp)
      ->check(CLI::IsMember(limit_rejection_names()))
      ->capture_default_str();
  sub->add_flag("--no-collisions{false}", o->collisions, "Do not reject motions that make parts collide");
  sub->add_flag("--gpu", o->gpu,
                "Skin in GLSL on the GPU where the deformer has a GPU form (lbs, sbs, dqs, rigid; key g)");
  sub->add_option("--weights-of", o->weights_of, "Show this part's skinning weights as a heat map (key w)");
  sub->add_option("--render", o->render, "shaded, wireframe, points, skeleton or xray (skeleton over translucent skin)")
      ->check(CLI::IsMember({"shaded", "wireframe", "points", "skeleton", "xray"}))
      ->capture_default_str();
  sub->add_flag("--no-part-colors", *no_colors, "Draw the skin in one colour");
  sub->add_flag("--patches", o->highlight_patches, "Colour the vertices gap reconstruction built (key p)");
  sub->add_option("--zoom", o->zoom, "Camera distance divided by this")
      ->check(finite_range(0.1, 100.0))
      ->capture_default_str();
  sub->add_option("--focus", o->focus, "Headless: aim at this part's joint where --frame puts it");
  sub->add_flag("--all-axes", o->all_axes, "PA methods: add the ends of the other two principal directions");
  sub->add_option("--yaw", o->yaw, "Camera angle about the vertical, degrees (0 looks along -z)")
      ->check(finite_range(-360.0, 360.0))
      ->capture_default_str();
  sub->add_option("--pitch", o->pitch, "Camera elevation, degrees")
      ->check(finite_range(-85.0, 85.0))
      ->capture_default_str();
  sub->add_option("--fps", o->fps, "Clip frames per second")->check(finite_range(0.1, 1000.0))->capture_default_str();
  sub->add_option("--screenshot", o->screenshot, "Render --frame into this PNG and exit (works under Xvfb)");
  sub->add_option("--frame", o->frame,
                  "Frame of the clip for --screenshot (the grid of --fps, as animate numbers them)")
      ->check(finite_range(0, 1000000));
  add_size_option(*sub, *size, "Window or picture size");
  sub->add_option("--click", *click, "Headless: click at pixel X Y (top-left origin) to select a part")
      ->expected(2)
      ->check(finite_range(0, 8191));
  sub->add_flag("--json", o->json, "Headless: print the selection and every part's projected centroid");
  sub->add_flag("--keys", *keys, "Print the keys and mouse gestures as a Markdown table and exit");
  sub->callback([o, sub, size, click, no_colors, keys, &exit_code, argc, argv] {
    exit_code = 0;
    if (*keys) {
      std::cout << input_markdown_table();
      return;
    }
    if (o->model.empty()) throw InputError("view: a MODEL is required (a standard model name or a mesh path)");
    o->width = size->width;
    o->height = size->height;
    o->part_colors = !*no_colors;
    // Without a picture to take, the viewer would open a window and wait for a person.
    if (o->screenshot.empty())
      for (const char* headless_only : {"--click", "--json", "--focus", "--frame"})
        if (sub->count(headless_only) > 0) throw InputError(std::string(headless_only) + " needs --screenshot");
    if (!click->empty()) {
      o->click = true;
      o->click_x = (*click)[0];
      o->click_y = (*click)[1];
    }
    o->deformers = deformer_registry();
    exit_code = run_viewer(argc, argv, *o);
  });
}

}  // namespace skinlab
