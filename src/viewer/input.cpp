// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/viewer/input.hpp"

// GLEW must come before any other OpenGL header.
#include <GL/glew.h>
// (kept apart so include sorting leaves the order alone)
#include <GL/freeglut.h>

#include <cmath>
#include <iostream>

#include "skinlab/viewer/viewer_state.hpp"

namespace skinlab {

namespace {

// Where a drag started and which button holds it.
struct Drag {
  int button = -1, x = 0, y = 0, press_x = 0, press_y = 0;
};
Drag g_drag;

ViewerInput method_keys() {
  const std::vector<SkeletonMethod>& methods = skeleton_methods();
  ViewerInput input{"1-" + std::to_string(methods.size()), "skeleton method live:", {}, nullptr};
  for (std::size_t i = 0; i < methods.size() && i < 9; ++i) {
    input.codes.push_back('1' + static_cast<int>(i));
    input.action += (i ? ", " : " ") + methods[i].name;
  }
  input.run = [](ViewerState& v, int code) { v.set_method(code - '1'); };
  return input;
}

void select_next(ViewerState& v, int) { v.selected = (v.selected + 1) % v.model().num_components(); }

void toggle_weights(ViewerState& v, int) {
  v.weight_view = !v.weight_view;
  if (v.weight_view && v.selected < 0) std::cout << "select a part (click or tab) to see its weights\n";
}

void prompt_clip(ViewerState& v, int) {
  std::cout << "clip file: " << std::flush;
  std::string path;
  if (!std::getline(std::cin, path) || path.empty()) return;
  try {
    v.load_clip(path);
  } catch (const std::exception& e) {
    std::cout << e.what() << '\n';
  }
}

std::vector<ViewerInput> make_inputs() {
  using V = ViewerState;
  return {
      {"left drag", "orbit", {}, nullptr},
      {"right (or middle) drag", "pan", {}, nullptr},
      {"wheel, +, -", "zoom", {'+', '=', '-'},
       [](V& v, int code) { v.camera.distance *= code == '-' ? 1.15f : 1 / 1.15f; }},
      {"left click", "select the part under the cursor (ray pick on the deformed mesh): its OBB and name are shown",
       {}, nullptr},
      {"tab", "select the next part", {'\t'}, select_next},
      {"i", "print the model's geometry on the terminal (and the selected part's)", {'i'},
       [](V& v, int) { v.print_info(); }},
      {"m", "render mode: shaded, wireframe, points, skeleton, xray (skeleton over translucent skin)", {'m'},
       [](V& v, int) { v.mode = static_cast<RenderMode>((static_cast<int>(v.mode) + 1) % 5); }},
      {"c", "part colours on/off", {'c'}, [](V& v, int) { v.colors = !v.colors; }},
      {"o", "every part's OBB on/off", {'o'}, [](V& v, int) { v.all_obbs = !v.all_obbs; }},
      {"p", "gap patches (the vertices a deformer built) on/off", {'p'}, [](V& v, int) { v.patches = !v.patches; }},
      method_keys(),
      {"d", "next deformer (the registry's order)", {'d'}, [](V& v, int) { v.next_deformer(); }},
      {"g", "skin on the GPU in GLSL where the deformer can, or back on the CPU; the status says (GLSL)", {'g'},
       [](V& v, int) { v.toggle_gpu(); }},
      {"w", "colour by the selected part's skinning weights: blue 0, green 1/2, red 1", {'w'}, toggle_weights},
      {"space", "play / pause the clip (loops)", {' '},
       [](V& v, int) {
         v.toggle_playing();
         v.clock_ms = glutGet(GLUT_ELAPSED_TIME);
       }},
      {"n / b", "next / previous frame of the grid", {'n', 'b'},
       [](V& v, int code) { v.show(v.shown() + (code == 'n' ? 1 : -1)); }},
      {"right / left arrow", "scrub 0.1 s forward / back", {kSpecialKey + GLUT_KEY_RIGHT, kSpecialKey + GLUT_KEY_LEFT},
       [](V& v, int code) {
         v.seek_time(v.grid().time(v.shown()) + (code == kSpecialKey + GLUT_KEY_RIGHT ? 0.1 : -0.1));
       }},
      {"] / [", "playback speed x2 / x0.5", {']', '['}, [](V& v, int code) { v.speed *= code == ']' ? 2 : 0.5; }},
      {"l", "load a clip: type its path in the terminal", {'l'}, prompt_clip},
      {"r", "the rest pose (every joint angle zero), stopped", {'r'}, [](V& v, int) { v.rest(); }},
      {"0", "back to frame 0 of the clip, stopped", {'0'}, [](V& v, int) { v.first_frame(); }},
      {"h", "this help on/off", {'h'}, [](V& v, int) { v.help = !v.help; }},
      {"q, esc", "quit", {'q', 27}, [](V&, int) { glutLeaveMainLoop(); }},
  };
}

}  // namespace

const std::vector<ViewerInput>& viewer_inputs() {
  static const std::vector<ViewerInput> inputs = make_inputs();
  return inputs;
}

bool handle_key(ViewerState& viewer, int code) {
  for (const ViewerInput& input : viewer_inputs())
    for (int c : input.codes)
      if (c == code) {
        input.run(viewer, code);
        return true;
      }
  return false;
}

std::vector<std::string> input_help_lines() {
  std::vector<std::string> lines;
  for (const ViewerInput& input : viewer_inputs()) lines.push_back(input.label + ": " + input.action);
  return lines;
}

std::string input_markdown_table() {
  std::string table = "| input | action |\n|---|---|\n";
  for (const ViewerInput& input : viewer_inputs()) table += "| " + input.label + " | " + input.action + " |\n";
  return table;
}

void mouse_button(ViewerState& v, int button, bool down, int x, int y) {
  if (button == 3 || button == 4) {  // wheel
    if (down) v.camera.distance *= button == 3 ? 1 / 1.1f : 1.1f;
  } else if (down) {
    g_drag = {button, x, y, x, y};
  } else {
    if (button == GLUT_LEFT_BUTTON && std::abs(x - g_drag.press_x) + std::abs(y - g_drag.press_y) < 3) {
      v.selected = v.pick(x, y);
      if (v.selected >= 0) std::cout << "selected " << v.model().components()[v.selected].name << '\n';
    }
    g_drag.button = -1;
  }
}

void mouse_motion(ViewerState& v, int x, int y) {
  const float dx = static_cast<float>(x - g_drag.x), dy = static_cast<float>(y - g_drag.y);
  g_drag.x = x;
  g_drag.y = y;
  if (g_drag.button == GLUT_LEFT_BUTTON)
    v.camera.orbit(dx, dy);
  else if (g_drag.button == GLUT_RIGHT_BUTTON || g_drag.button == GLUT_MIDDLE_BUTTON)
    v.camera.pan(dx, dy);
}

}  // namespace skinlab
