#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the voxel test figures used in docs/skeletonization.md: each part is a set of unit
voxels, the surface is the boundary of their union, parts share the loops around the faces
where they touch (the same construction as tests/test_meshes.hpp). Run from this folder."""

def box(x0, x1, y0, y1, z0=0, z1=0):
    return [(x, y, z) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1) for z in range(z0, z1 + 1)]

def write(name, parts, skel):
    filled = {}
    for label, (part, cells) in enumerate(parts):
        for c in cells:
            assert c not in filled, (name, c)
            filled[c] = label
    vid, verts, faces = {}, [], {p: [] for p, _ in parts}
    def vertex(p):
        if p not in vid:
            vid[p] = len(verts) + 1
            verts.append(p)
        return vid[p]
    for cell, label in sorted(filled.items()):
        for axis in range(3):
            for side in (-1, 1):
                n = list(cell); n[axis] += side
                if tuple(n) in filled:
                    continue
                b, c = (axis + 1) % 3, (axis + 2) % 3
                p0 = list(cell)
                if side > 0:
                    p0[axis] += 1
                p1 = list(p0); p1[b] += 1
                p2 = list(p1); p2[c] += 1
                p3 = list(p0); p3[c] += 1
                q = [vertex(tuple(p)) for p in (p0, p1, p2, p3)]
                if side < 0:
                    q[1], q[3] = q[3], q[1]
                faces[parts[label][0]] += [(q[0], q[1], q[2]), (q[0], q[2], q[3])]
    with open(name + '.obj', 'w') as f:
        f.write('# voxel model written by make_voxel_models.py\n')
        for v in verts:
            f.write('v %d %d %d\n' % v)
        for part, _ in parts:
            f.write('g %s\n' % part)
            for t in faces[part]:
                f.write('f %d %d %d\n' % t)
    with open(name + '.skel', 'w') as f:
        f.write(skel)

def skel(tree, depth=0, root=True):
    name, children = tree
    pad = '    ' * depth
    out = '%s%s %s  -90 90  -90 90  -90 90\n%s{\n' % (pad, 'ROOT' if root else 'JOINT', name, pad)
    out += ''.join(skel(c, depth + 1, False) for c in children) if children else pad + '    End Site\n'
    return out + pad + '}\n'

# Thesis Fig. 3.4b: a bent part between two blocks.
write('bent', [('parent', box(0, 1, 0, 0)), ('bent', box(2, 4, 0, 0) + box(4, 4, 1, 2)), ('child', box(4, 4, 3, 4))],
      skel(('parent', [('bent', [('child', [])])])))
# Thesis Fig. 3.6: a cross with children on the ends of its short bar.
write('cross', [('cross', box(2, 2, 0, 4) + box(1, 1, 2, 2) + box(3, 3, 2, 2)), ('left', box(0, 0, 2, 2)),
                ('right', box(4, 4, 2, 2))],
      skel(('cross', [('left', []), ('right', [])])))
# A blocky figure: torso, head, two-part arms and legs.
write('blocky', [('torso', box(0, 4, 6, 11, 0, 1)), ('head', box(1, 3, 12, 14, 0, 1)),
                 ('upper_arm_l', box(-3, -1, 10, 11, 0, 1)), ('lower_arm_l', box(-6, -4, 10, 11, 0, 1)),
                 ('upper_arm_r', box(5, 7, 10, 11, 0, 1)), ('lower_arm_r', box(8, 10, 10, 11, 0, 1)),
                 ('upper_leg_l', box(0, 1, 3, 5, 0, 1)), ('lower_leg_l', box(0, 1, 0, 2, 0, 1)),
                 ('upper_leg_r', box(3, 4, 3, 5, 0, 1)), ('lower_leg_r', box(3, 4, 0, 2, 0, 1))],
      skel(('torso', [('head', []), ('upper_arm_l', [('lower_arm_l', [])]), ('upper_arm_r', [('lower_arm_r', [])]),
                      ('upper_leg_l', [('lower_leg_l', [])]), ('upper_leg_r', [('lower_leg_r', [])])])))
