// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/io/rename_parts.hpp"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "skinlab/core/atomic_file.hpp"
#include "skinlab/core/clip_io.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/core/skel_io.hpp"
#include "skinlab/io/mesh_formats.hpp"

namespace skinlab {

namespace fs = std::filesystem;

namespace {

// The OBJ's text with each group (or object) line naming an old part renamed.
std::string renamed_obj(const fs::path& obj, const std::map<std::string, std::string>& names) {
  const std::string text = read_whole_file(obj);
  std::istringstream in(text);
  std::ostringstream out;
  for (std::string line; std::getline(in, line);) {
    const bool cr = !line.empty() && line.back() == '\r';
    if (cr) line.pop_back();
    if (line.size() > 2 && (line.rfind("g ", 0) == 0 || line.rfind("o ", 0) == 0)) {
      const std::size_t begin = line.find_first_not_of(" \t", 2), end = line.find_last_not_of(" \t");
      if (begin != std::string::npos)
        if (const auto to = names.find(line.substr(begin, end + 1 - begin)); to != names.end())
          line = line.substr(0, 2) + to->second;
    }
    out << line << (cr ? "\r\n" : "\n");
  }
  return out.str();
}

// The comment lines before a clip's first statement, kept when it is written again.
std::string leading_comments(const std::string& text) {
  std::string comments;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line) && line.rfind('#', 0) == 0;) comments += line + "\n";
  return comments;
}

}  // namespace

std::vector<fs::path> rename_parts(const ModelFiles& files, const std::map<std::string, std::string>& names) {
  if (files.hierarchy.empty())
    throw InputError(files.mesh.string() + ": no hierarchy (.skel beside the mesh) holds the part names to rename");
  SkelFile skel = read_skel(files.hierarchy);
  std::set<std::string> after;
  std::string parts;
  for (const SkelJoint& joint : skel.joints) parts += (parts.empty() ? "" : ", ") + joint.name;
  for (const auto& [from, to] : names) {
    const std::string& old_name = from;  // a lambda may not capture a structured binding (clang 14)
    if (std::none_of(skel.joints.begin(), skel.joints.end(), [&](const SkelJoint& j) { return j.name == old_name; }))
      throw InputError(files.hierarchy.string() + ": no part named '" + from + "' (parts: " + parts + ")");
    if (!is_plain_name(to) || to == "mover")
      throw InputError("'" + to + "': not a part name (letters, digits, '_', '.', '-'; not \"mover\")");
  }
  for (SkelJoint& joint : skel.joints) {
    if (const auto to = names.find(joint.name); to != names.end()) joint.name = to->second;
    if (!after.insert(joint.name).second)
      throw InputError(files.hierarchy.string() + ": two parts would be named '" + joint.name + "'");
  }
  OutputSet outputs;
  std::vector<fs::path> written{files.hierarchy};
  outputs.write(files.hierarchy, [&](std::ostream& out) { write_skel(out, skel); });
  if (mesh_format(files.mesh).reader == MeshReader::obj) {
    const std::string text = renamed_obj(files.mesh, names);
    outputs.write(files.mesh, [&](std::ostream& out) { out << text; });
    written.push_back(files.mesh);
  }
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(files.mesh.parent_path(), error)) {
    const std::string file = entry.path().filename().string();
    if (entry.path().extension() != ".clip" || file.rfind(files.mesh.stem().string() + "_", 0) != 0) continue;
    const std::string text = read_whole_file(entry.path());
    ClipFile clip = parse_clip(entry.path().string(), text);
    for (ClipChannel& channel : clip.channels)
      if (const auto to = names.find(channel.dof.joint); !channel.dof.mover && to != names.end())
        channel.dof.joint = to->second;
    outputs.write(entry.path(), [&](std::ostream& out) {
      out << leading_comments(text);
      write_clip(out, clip);
    });
    written.push_back(entry.path());
  }
  outputs.commit();
  return written;
}

}  // namespace skinlab
