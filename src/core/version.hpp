// SPDX-License-Identifier: GPL-3.0-or-later
// Which skinlab this is: the version (CMake's project version, CHANGELOG.md) and the commit it
// was built from, for `skinlab --version` and the experiments' meta.json.
#pragma once

namespace skinlab {

/// "MAJOR.MINOR.PATCH".
const char* version();

/// The commit the build was made from, "+dirty" when tracked files had uncommitted changes, and
/// "unknown" outside a git checkout (a source archive).
const char* build_commit();

}  // namespace skinlab
