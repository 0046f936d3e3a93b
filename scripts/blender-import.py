"""Import a glTF export into Blender (no window) and print the armature it becomes.

    blender -b --python scripts/blender-import.py -- rider.glb

Prints each armature's bone count, then one line per bone: its name, its parent's name ('-' for a
root), its rest head in world space (Blender is z-up, so a `--axes y-up` export shows the engine's
own coordinates) and, where the file poses it elsewhere (`--pose runtime`), its posed head. Exits 1 when the file does not import or holds no armature, 2 on bad arguments.
Not run in CI. Debian's blender 3.4 also needs python3-numpy for its glTF importer.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bpy  # noqa: E402

from blender_gltf import arguments, import_armatures  # noqa: E402


def vector(v):
    return f"({v.x:.4f}, {v.y:.4f}, {v.z:.4f})"


def main():
    args = arguments()
    if len(args) != 1:
        print("usage: blender -b --python scripts/blender-import.py -- file.glb", file=sys.stderr)
        return 2
    path = args[0]

    armatures = import_armatures(path)
    if armatures is None:
        return 1
    for armature in armatures:
        bones = armature.data.bones
        print(f"armature {armature.name}: {len(bones)} bones")
        for bone in bones:
            parent = bone.parent.name if bone.parent else "-"
            head = armature.matrix_world @ bone.head_local
            line = f"  {bone.name}\tparent {parent}\thead {vector(head)}"
            # The rest pose comes from the inverse bind matrices (the stored bind pose); a
            # `--pose runtime` export poses the bones away from it.
            posed = armature.matrix_world @ armature.pose.bones[bone.name].head
            if (posed - head).length > 1e-4:
                line += f"\tposed {vector(posed)}"
            print(line)
        meshes = [obj.name for obj in bpy.context.scene.objects if obj.type == "MESH" and obj.parent == armature]
        if meshes:
            print(f"  skinned meshes: {', '.join(meshes)}")
    return 0


sys.exit(main())
