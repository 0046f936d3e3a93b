"""What the Blender scripts share: their arguments after `--`, and importing a glTF export into an
empty scene as its armatures. Imported by blender-import.py and blender-edit.py (not run in CI)."""
import sys

import bpy


def arguments():
    argv = sys.argv
    return argv[argv.index("--") + 1 :] if "--" in argv else []


def import_armatures(path, **options):
    """The armatures a glTF file imports as, into an empty scene; None (after saying why on
    stderr) when it does not import or holds none."""
    # Start from an empty scene, so the only armatures are the imported ones.
    bpy.ops.wm.read_factory_settings(use_empty=True)
    try:
        # The bone mesh has no normals, so it is flat-shaded whatever the setting; asking for FLAT
        # also avoids Debian's blender 3.4 importer failing on numpy >= 1.24 (np.bool in its
        # NORMALS path). Blender 4 dropped the option.
        try:
            result = bpy.ops.import_scene.gltf(filepath=path, import_shading="FLAT", **options)
        except TypeError:
            result = bpy.ops.import_scene.gltf(filepath=path, **options)
    except RuntimeError as error:
        print(f"{path}: import failed: {error}", file=sys.stderr)
        return None
    if "FINISHED" not in result:
        print(f"{path}: import did not finish: {result}", file=sys.stderr)
        return None
    armatures = [obj for obj in bpy.context.scene.objects if obj.type == "ARMATURE"]
    if not armatures:
        print(f"{path}: no armature imported", file=sys.stderr)
        return None
    return armatures
