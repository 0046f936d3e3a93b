/**
 * What `import` reports of an armature applied to a Skeleton: the bones moved, the globals
 * recomputed, whether the result is the original byte for byte, as JSON data and as text.
 * Browser-safe, and free of the glTF reader (only its result's type is named here).
 */
import type { ArmatureImport, BoneChange } from './gltf-import.js';
import { count } from '../io/format.js';

const signed = (v: number): string => (v >= 0 ? `+${v.toFixed(6)}` : v.toFixed(6));

function boneLine(change: BoneChange): string {
  const name = change.name ?? change.nameHash;
  return `  bone ${change.index} (${name}): translation (${change.translation.map(signed).join(', ')}), rotation ${change.rotationDegrees.toFixed(4)}°\n`;
}

/** The import as `import` prints it: what was written, the locals changed, and one line per bone moved. Never throws. */
export function armatureImportText(output: string, result: ArmatureImport, identical: boolean): string {
  const moved = result.changes.length === 0 ? 'no bone moved' : `${count(result.changes.length, 'local')} changed`;
  const head = `wrote ${output}: ${count(result.bones, 'bone')}, ${moved}`;
  const below =
    result.globalsRecomputed.length > 0 ? `, ${count(result.globalsRecomputed.length, 'more global')} recomputed below them` : '';
  const same = identical ? '; identical to the original' : '';
  return `${head}${below}${same} (axes ${result.axes})\n${result.changes.map(boneLine).join('')}`;
}

/** The import as JSON: the files (`original`, `gltf`, `output`), the axes, bones, matching, changes and size. Never throws. */
export function armatureImportJson(
  files: { original: string; gltf: string; output: string },
  result: ArmatureImport,
  identical: boolean,
): {
  original: string;
  gltf: string;
  output: string;
  axes: ArmatureImport['axes'];
  bones: number;
  matchedBy: ArmatureImport['matchedBy'];
  identical: boolean;
  changes: BoneChange[];
  globalsRecomputed: ArmatureImport['globalsRecomputed'];
  size: number;
} {
  return {
    ...files,
    axes: result.axes,
    bones: result.bones,
    matchedBy: result.matchedBy,
    identical,
    changes: result.changes,
    globalsRecomputed: result.globalsRecomputed,
    size: result.bytes.length,
  };
}
