// SPDX-License-Identifier: GPL-3.0-or-later
// Preconditions of automatic segmentation: one closed, manifold, genus-0 surface.
#pragma once

#include <string>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

/// Throws InputError naming the first failed condition: not connected (how many pieces), not
/// closed (how many boundary edges), not manifold (an edge with more than two triangles or a
/// vertex whose triangles form more than one fan), or not genus 0 (the genus from the Euler
/// characteristic V - E + F = 2 - 2g). `source` names the mesh in the message.
void check_closed_genus0(const TriMesh& mesh, const std::string& source);

}  // namespace skinlab
