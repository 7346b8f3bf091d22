# SPDX-License-Identifier: GPL-3.0-or-later
# The module under test and the command line it is compared with: SKINLAB_BUILD (the build
# folder, default ../../build) holds python/skinlab*.so and the skinlab program.
import os
import pathlib
import sys

BUILD = pathlib.Path(os.environ.get("SKINLAB_BUILD", pathlib.Path(__file__).resolve().parents[2] / "build"))
sys.path.insert(0, str(BUILD / "python"))
