// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/core/version.hpp"

namespace skinlab {

const char* version() { return SKINLAB_VERSION; }

}  // namespace skinlab
