// SPDX-License-Identifier: GPL-3.0-or-later
#include <pybind11/stl.h>

#include "skinlab/core/error.hpp"

#include <sstream>

#include "python/arrays.hpp"
#include "python/bindings.hpp"
#include "python/objects.hpp"
#include "skinlab/core/clip_io.hpp"
#include "skinlab/rigging/deformer_registry.hpp"

namespace skinlab::python {

namespace {

// A clip from arrays: per channel ("PART.rx", "PART.tz", ...) its key times (seconds) and values
// (degrees, or model units for the mover), linear between keys. Written as .clip text and read
// back, so it passes the reader's checks.
ClipFile clip_from_arrays(const std::map<std::string, std::pair<std::vector<double>, std::vector<double>>>& channels,
                          const std::string& extrapolate, const std::string& name) {
  double begin = 1e300, end = -1e300;
  std::ostringstream body;
  body.precision(17);
  for (const auto& [channel, keys] : channels) {
    const auto& [times, values] = keys;
    if (times.size() != values.size() || times.empty())
      throw InputError(name + ": channel " + channel + ": times and values must be non-empty and of one length");
    body << "  channel " << channel << "\n  {\n    extrapolate " << extrapolate << ' ' << extrapolate << "\n    keys "
         << times.size() << "\n    {\n";
    for (std::size_t k = 0; k < times.size(); ++k) {
      body << "      " << times[k] << ' ' << values[k] << " linear linear\n";
      begin = std::min(begin, times[k]);
      end = std::max(end, times[k]);
    }
    body << "    }\n  }\n";
  }
  if (channels.empty()) throw InputError(name + ": a clip needs at least one channel");
  std::ostringstream text;
  text.precision(17);
  text << "animation\n{\n  range " << begin << ' ' << end << "\n  numChannels " << channels.size() << '\n'
       << body.str() << "}\n";
  return parse_clip(name, text.str());
}

std::string clip_text(const ClipFile& clip) {
  std::ostringstream out;
  write_clip(out, clip);
  return out.str();
}

struct PySession {
  std::shared_ptr<PyModel> model;
  std::unique_ptr<AnimationSession> session;
};

// A deformed frame. Its arrays view the frame's buffers; deforming into it again (Session.deform
// with out=) reuses the buffers only when no array of it is still alive, so a view never dangles.
struct PyFrame {
  std::shared_ptr<Frame> frame = std::make_shared<Frame>();
  py::object session;  // keeps the rest triangles alive
  int index = 0;
};

std::shared_ptr<PySession> make_session(std::shared_ptr<PyModel> model, std::optional<ClipFile> clip,
                                        const std::string& skinning, const std::string& method,
                                        const std::string& weights, double fps, bool limits, bool collisions,
                                        int threads, const std::string& limit_rejection) {
  SessionParams params;
  params.skeleton.method = method;
  params.checks = {limits, collisions, find_limit_rejection(limit_rejection)};
  params.fps = fps;
  params.weights.method = weights;
  params.threads = threads;
  auto out = std::make_shared<PySession>();
  out->model = model;
  out->session = std::make_unique<AnimationSession>(model->model, clip, params, find_deformer(skinning));
  return out;
}

py::dict pose(PySession& s, int frame) {
  const AcceptedPose& p = s.session->animator().seek(frame);
  py::array_t<double> world({static_cast<py::ssize_t>(p.world.size()), py::ssize_t{7}});
  for (std::size_t c = 0; c < p.world.size(); ++c) {
    const QT& qt = p.world[c];
    const double row[7] = {qt.q.x(), qt.q.y(), qt.q.z(), qt.q.w(), qt.t.x(), qt.t.y(), qt.t.z()};
    for (int k = 0; k < 7; ++k) world.mutable_at(c, k) = row[k];
  }
  py::list rejections;
  for (const Rejection& r : p.rejections) rejections.append(describe(r, s.session->rig()));
  py::dict out;
  out["frame"] = p.frame;
  out["time"] = p.time;
  out["world"] = world;
  out["rejections"] = rejections;
  return out;
}

std::shared_ptr<PyFrame> deform(py::object self, int frame, std::shared_ptr<PyFrame> out) {
  PySession& s = self.cast<PySession&>();
  if (frame < 0 || frame > s.session->animator().grid().last())
    throw InputError("frame " + std::to_string(frame) + ": the clip has frames 0.." +
                     std::to_string(s.session->animator().grid().last()));
  if (!out) out = std::make_shared<PyFrame>();
  if (out->frame.use_count() > 1) out->frame = std::make_shared<Frame>();  // an array still views the old one
  out->session = self;
  out->index = frame;
  py::gil_scoped_release release;
  s.session->play(frame, *out->frame);
  return out;
}

// The array's base: a capsule sharing the frame, so reuse can tell whether views are alive.
py::capsule frame_owner(const std::shared_ptr<Frame>& frame) {
  return py::capsule(new std::shared_ptr<Frame>(frame),
                     [](void* p) { delete static_cast<std::shared_ptr<Frame>*>(p); });
}

}  // namespace

void bind_animation(py::module_& module) {
  py::class_<ClipFile>(module, "Clip", "A keyframe clip (.clip).")
      .def_readonly("file", &ClipFile::file)
      .def_readonly("begin", &ClipFile::range_begin)
      .def_readonly("end", &ClipFile::range_end)
      .def_property_readonly("channels",
                             [](const ClipFile& c) {
                               std::vector<std::string> names;
                               for (const ClipChannel& ch : c.channels) names.push_back(ch.dof.text());
                               return names;
                             })
      .def_property_readonly("text", &clip_text, "The clip as .clip text (write it to a file to keep it).")
      .def_static("from_arrays", &clip_from_arrays, py::arg("channels"), py::arg("extrapolate") = "constant",
                  py::arg("name") = "clip (from arrays)",
                  "A clip from {'PART.rx': (times, values), ...}: seconds and degrees (model units for the mover's "
                  "tx/ty/tz), linear between keys.");
  module.def("read_clip", [](const std::string& path) { return read_clip(path); }, py::arg("path"));
  module.def("parse_clip", &parse_clip, py::arg("name"), py::arg("text"));
  module.def("deformers", &deformer_names, "The registered deformers, in the registry's order.");

  py::class_<PyFrame, std::shared_ptr<PyFrame>>(module, "Frame", "A deformed frame.")
      .def_readonly("index", &PyFrame::index)
      .def_property_readonly(
          "positions",
          [](const PyFrame& f) {
            return view(f.frame->positions.data(), f.frame->positions.size() / 3, 3, frame_owner(f.frame));
          },
          "(n, 3) float32 view")
      .def_property_readonly(
          "normals",
          [](const PyFrame& f) {
            return view(f.frame->normals.data(), f.frame->normals.size() / 3, 3, frame_owner(f.frame));
          },
          "(n, 3) float32 view")
      .def_property_readonly(
          "triangles",
          [](const PyFrame& f) {
            if (!f.frame->rest_triangles)
              return view(f.frame->triangles.front().data(), f.frame->triangles.size(), 3, frame_owner(f.frame));
            const auto& rest = f.session.cast<PySession&>().session->deformer().rest_mesh().triangles;
            return view(rest.front().data(), rest.size(), 3, f.session);
          },
          "(m, 3) int32 view: the rest mesh's, or the frame's own where the deformer rebuilt them (gap)")
      .def_property_readonly(
          "triangle_parts",
          [](const PyFrame& f) {
            const Frame& fr = *f.frame;
            const auto& parts = fr.rest_triangles ? f.session.cast<PySession&>().session->deformer().rest_mesh().triangle_component
                                                  : fr.triangle_component;
            return view(parts.data(), parts.size(), 0, fr.rest_triangles ? f.session : py::object(frame_owner(f.frame)));
          },
          "(m,) int32 part id per triangle");

  py::class_<PySession, std::shared_ptr<PySession>>(
      module, "Session", "A model, its skeleton and rig, a clip on its frame grid and a deformer (skinlab animate).")
      .def(py::init(&make_session), py::arg("model"), py::arg("clip") = py::none(), py::arg("skinning") = "rigid",
           py::arg("method") = "pa-refined", py::arg("weights") = "opening", py::arg("fps") = 30.0,
           py::arg("limits") = true, py::arg("collisions") = true, py::arg("threads") = 1,
           py::arg("limit_rejection") = "joint")
      .def_property_readonly("frames", [](const PySession& s) { return s.session->animator().grid().count(); })
      .def_property_readonly("skinning", [](const PySession& s) { return s.session->deformer_entry().name; })
      .def("set_skinning", [](PySession& s, const std::string& name) { s.session->set_deformer(find_deformer(name)); })
      .def("pose", &pose, py::arg("frame"),
           "The accepted pose of grid frame `frame`: world (parts, 7) float64 rows qx qy qz qw tx ty tz, "
           "rejections (list of str), frame, time.")
      .def("deform", &deform, py::arg("frame"), py::arg("out") = nullptr,
           "Poses and deforms grid frame `frame`; `out`, a Frame of an earlier call, is reused when none of its "
           "arrays is alive.")
      .def_property_readonly(
          "warnings", [](const PySession& s) { return s.session->deformer().warnings(); },
          "What the deformer's set-up found that its frames may suffer from (gap: openings not star-shaped "
          "about their centre), a sentence each.")
      .def("statistics", [](const PySession& s) {
        py::dict out;
        for (const DeformerStatistic& st : s.session->deformer().statistics()) out[st.name.c_str()] = st.value;
        return out;
      });
}

}  // namespace skinlab::python
