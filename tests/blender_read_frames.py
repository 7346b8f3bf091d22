# SPDX-License-Identifier: GPL-3.0-or-later
# Run by test_cli.cpp as `blender -b --factory-startup --python tests/blender_read_frames.py --
# FILE.glb OUT.json F1,F2,...`: imports a binary glTF, plays it, and writes the skinned mesh's
# world-space vertices at each frame (Blender's scene frames, its default 24 fps) and, under
# "bones", each bone's head in world space at rest (for a skinned file), as JSON.
import json
import sys

import bpy
import numpy

numpy.bool = bool  # Debian 12: Blender 3.4's glTF importer still says np.bool, gone from NumPy 1.24

glb, out, frames = sys.argv[sys.argv.index('--') + 1:]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=glb)
scene = bpy.context.scene
mesh = next(o for o in scene.objects if o.type == 'MESH')
result = {}
for frame in (int(f) for f in frames.split(',')):
    scene.frame_set(frame)
    evaluated = mesh.evaluated_get(bpy.context.evaluated_depsgraph_get())
    skinned = evaluated.to_mesh()
    result[frame] = [list(evaluated.matrix_world @ v.co) for v in skinned.vertices]
    evaluated.to_mesh_clear()
armature = next((o for o in scene.objects if o.type == 'ARMATURE'), None)  # none in a baked file
if armature is not None:
    result['bones'] = {b.name: list(armature.matrix_world @ b.head_local) for b in armature.data.bones}
with open(out, 'w') as f:
    json.dump(result, f)
