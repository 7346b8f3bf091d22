// SPDX-License-Identifier: GPL-3.0-or-later
// The registered table kinds, in the order docs and messages list them. A kind is one file in
// this folder defining `TableKindEntry NAME_table_kind()`, plus its line here.
SKINLAB_TABLE_KIND(models)
SKINLAB_TABLE_KIND(skeletonization)
SKINLAB_TABLE_KIND(gap_preprocess)
SKINLAB_TABLE_KIND(gap_frames)
SKINLAB_TABLE_KIND(sbs)
SKINLAB_TABLE_KIND(quality)
SKINLAB_TABLE_KIND(skeleton_quality)
SKINLAB_TABLE_KIND(joint_sweep)
SKINLAB_TABLE_KIND(joint_pairs)
