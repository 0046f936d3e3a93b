"""Import a glTF export into Blender (no window) and print the armature it becomes.

    blender -b --python scripts/blender-import.py -- rider.glb

Prints each armature's bone count, then one line per bone: its name, its parent's name ('-' for a
root), its rest head in world space (Blender is z-up, so a `--axes y-up` export shows the engine's
own coordinates) and, where the file poses it elsewhere (`--pose runtime`), its posed head. Exits 1 when the file does not import or holds no armature, 2 on bad arguments.
Not run in CI. Debian's blender 3.4 also needs python3-numpy for its glTF importer.
"""
import sys

import bpy


def arguments():
    argv = sys.argv
    return argv[argv.index("--") + 1 :] if "--" in argv else []


def vector(v):
    return f"({v.x:.4f}, {v.y:.4f}, {v.z:.4f})"


def import_gltf(path):
    # The bone mesh has no normals, so it is flat-shaded whatever the setting; asking for FLAT also
    # avoids Debian's blender 3.4 importer failing on numpy >= 1.24 (np.bool in its NORMALS path).
    # Blender 4 dropped the option.
    try:
        return bpy.ops.import_scene.gltf(filepath=path, import_shading="FLAT")
    except TypeError:
        return bpy.ops.import_scene.gltf(filepath=path)


def main():
    args = arguments()
    if len(args) != 1:
        print("usage: blender -b --python scripts/blender-import.py -- file.glb", file=sys.stderr)
        return 2
    path = args[0]

    # Start from an empty scene, so the only armature is the imported one.
    bpy.ops.wm.read_factory_settings(use_empty=True)
    try:
        result = import_gltf(path)
    except RuntimeError as error:
        print(f"{path}: import failed: {error}", file=sys.stderr)
        return 1
    if "FINISHED" not in result:
        print(f"{path}: import did not finish: {result}", file=sys.stderr)
        return 1

    armatures = [obj for obj in bpy.context.scene.objects if obj.type == "ARMATURE"]
    if not armatures:
        print(f"{path}: no armature imported", file=sys.stderr)
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
