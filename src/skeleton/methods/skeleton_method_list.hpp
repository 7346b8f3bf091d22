// SPDX-License-Identifier: GPL-3.0-or-later
// The registered skeleton methods, in the thesis' order. A method is one file in this folder
// defining `SkeletonMethod NAME_skeleton_method()`, plus its line here.
SKINLAB_SKELETON_METHOD(opening)
SKINLAB_SKELETON_METHOD(centroid)
SKINLAB_SKELETON_METHOD(pa)
SKINLAB_SKELETON_METHOD(pa_refined)
