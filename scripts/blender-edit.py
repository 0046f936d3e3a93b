"""Move (and optionally turn) one bone of a glTF export in Blender, then save it as a .glb for `import`.

    blender -b --python scripts/blender-edit.py -- rider.glb rider-edited.glb LeftForeArm 0.1 0 0.05 [DEGREES]

Imports the file, moves the named bone and every bone below it by (dx, dy, dz) in Blender's world
space (z-up: for a `--axes y-up` export these are engine axes), turns them by DEGREES about world z
at the bone's head when given, and exports a .glb with custom properties, so the nodes keep their
`extras` (nameHash, id, index) and the scene its export markers (pose, axes, skeleton id). The edit
is made to the rest pose (edit mode), which is what Blender exports for an armature; the subtree
moves rigidly, so only the named bone's local transform changes. Prints the bone's head before and
after. Exits 1 when the file does not import, holds no armature or no such bone, 2 on bad arguments.
Not run in CI. Debian's blender 3.4 also needs python3-numpy for its glTF importer.

Then: anvil-skel import rider.Skeleton rider-edited.glb -o rider-edited.Skeleton
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bpy  # noqa: E402
from mathutils import Matrix, Vector  # noqa: E402

from blender_gltf import arguments, import_armatures  # noqa: E402


def vector(v):
    return f"({v.x:.6f}, {v.y:.6f}, {v.z:.6f})"


def export_glb(path):
    return bpy.ops.export_scene.gltf(
        filepath=path,
        export_format="GLB",
        export_extras=True,
        export_yup=True,
        export_skins=True,
        export_animations=False,
    )


def subtree(bone):
    found = [bone]
    for child in bone.children:
        found.extend(subtree(child))
    return found


def main():
    args = arguments()
    if len(args) not in (6, 7):
        print("usage: blender -b --python scripts/blender-edit.py -- in.glb out.glb BONE DX DY DZ [DEGREES]", file=sys.stderr)
        return 2
    source, target, bone_name = args[0], args[1], args[2]
    try:
        delta = Vector([float(value) for value in args[3:6]])
        degrees = float(args[6]) if len(args) == 7 else 0.0
    except ValueError:
        print("DX DY DZ and DEGREES are numbers", file=sys.stderr)
        return 2

    # BLENDER bone heuristic: each bone keeps its node's orientation, so exporting gives back the
    # node rotations that were imported.
    armatures = import_armatures(source, bone_heuristic="BLENDER")
    if armatures is None:
        return 1
    armature = armatures[0]
    if bone_name not in armature.data.bones:
        print(f"{source}: the armature has no bone '{bone_name}'", file=sys.stderr)
        return 1

    bpy.context.view_layer.objects.active = armature
    bpy.ops.object.mode_set(mode="EDIT")
    edit_bones = armature.data.edit_bones
    bone = edit_bones[bone_name]
    head = armature.matrix_world @ bone.head
    # Armature space is world space for an imported armature (its object has no transform).
    pivot = bone.head.copy()
    turn = Matrix.Translation(pivot) @ Matrix.Rotation(math.radians(degrees), 4, "Z") @ Matrix.Translation(-pivot)
    edit = Matrix.Translation(delta) @ turn
    # New matrices first, then assigned parent first: a connected child's head follows its parent's
    # tail, and its own assignment puts it where the rigid move wants it.
    planned = [(moved, edit @ moved.matrix) for moved in subtree(bone)]
    for moved, matrix in planned:
        moved.matrix = matrix
    after = armature.matrix_world @ bone.head
    bpy.ops.object.mode_set(mode="OBJECT")

    if "FINISHED" not in export_glb(target):
        print(f"{target}: export did not finish", file=sys.stderr)
        return 1
    print(f"{bone_name}: head {vector(head)} -> {vector(after)}, turned {degrees:g} degrees about z; wrote {target}")
    return 0


sys.exit(main())
