// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/viewer/viewer.hpp"

// GLEW must come before any other OpenGL header.
#include <GL/glew.h>
// (kept apart so include sorting leaves the order alone)
#include <GL/freeglut.h>

#include <cstdlib>
#include <iostream>

#include "skinlab/core/error.hpp"
#include "skinlab/viewer/headless_capture.hpp"
#include "skinlab/viewer/input.hpp"
#include "skinlab/viewer/viewer_state.hpp"

namespace skinlab {

namespace {

// GLUT's callbacks take no user data.
ViewerState* g_viewer = nullptr;
int g_frames_counted = 0, g_fps_ms = 0;

void on_display() {
  g_viewer->draw();
  glutSwapBuffers();
  ++g_frames_counted;
  const int now = glutGet(GLUT_ELAPSED_TIME);
  if (now - g_fps_ms > 500) {
    g_viewer->measured_fps = 1000.0 * g_frames_counted / (now - g_fps_ms);
    g_frames_counted = 0;
    g_fps_ms = now;
  }
}

void on_idle() {
  const int now = glutGet(GLUT_ELAPSED_TIME);
  const int elapsed = now - g_viewer->clock_ms;
  g_viewer->clock_ms = now;
  if (g_viewer->advance(elapsed / 1000.0)) glutPostRedisplay();
}

void install_callbacks() {
  glutDisplayFunc(on_display);
  glutIdleFunc(on_idle);
  glutReshapeFunc([](int w, int h) {
    g_viewer->camera.width = w;
    g_viewer->camera.height = h;
  });
  glutKeyboardFunc([](unsigned char k, int, int) {
    if (handle_key(*g_viewer, k)) glutPostRedisplay();
  });
  glutSpecialFunc([](int k, int, int) {
    if (handle_key(*g_viewer, kSpecialKey + k)) glutPostRedisplay();
  });
  glutMouseFunc([](int button, int state, int x, int y) {
    mouse_button(*g_viewer, button, state == GLUT_DOWN, x, y);
    glutPostRedisplay();
  });
  glutMotionFunc([](int x, int y) {
    mouse_motion(*g_viewer, x, y);
    glutPostRedisplay();
  });
}

}  // namespace

int run_viewer(int argc, char** argv, const ViewerOptions& options) {
  ViewerState viewer(options);
  g_viewer = &viewer;
  const bool headless = !options.screenshot.empty();
  const char* display = std::getenv("DISPLAY");
  if (display == nullptr || *display == '\0')
    throw InputError(std::string("no X display (DISPLAY is not set)") +
                     (headless ? ": run the screenshot under Xvfb, e.g. xvfb-run -a skinlab view ..." : ""));
  glutInit(&argc, argv);
  glutInitContextVersion(3, 3);
  glutInitContextProfile(GLUT_CORE_PROFILE);
  glutInitDisplayMode(GLUT_RGBA | GLUT_DEPTH | GLUT_DOUBLE);
  glutInitWindowSize(options.width, options.height);
  glutSetOption(GLUT_ACTION_ON_WINDOW_CLOSE, GLUT_ACTION_GLUTMAINLOOP_RETURNS);
  glutCreateWindow(("skinlab " + viewer.name()).c_str());
  viewer.init_gl();
  if (headless) {
    capture_screenshot(viewer, options);
    return 0;
  }
  install_callbacks();
  std::cout << "skinlab viewer: press h for the keys\n";
  glutMainLoop();
  return 0;
}

}  // namespace skinlab
