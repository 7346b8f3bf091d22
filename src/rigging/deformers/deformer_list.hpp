// SPDX-License-Identifier: GPL-3.0-or-later
// The registered deformers, in the order commands list them and the viewer's `d` cycles through
// them. A deformer is one file in this folder defining `DeformerEntry NAME_deformer_entry()`, plus
// its line here.
SKINLAB_DEFORMER(rigid)
SKINLAB_DEFORMER(gap)
SKINLAB_DEFORMER(gap_thesis)
SKINLAB_DEFORMER(lbs)
SKINLAB_DEFORMER(sbs)
SKINLAB_DEFORMER(dqs)
