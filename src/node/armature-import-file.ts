/**
 * `import` as a workflow: an original Skeleton file with the armature of its edited glTF put in,
 * written to another file through the output rule — or, when the original or the glTF is refused,
 * nothing written and the refusal said.
 */
import type { ApplyArmatureOptions, ArmatureImport, GltfInput } from '../export/gltf-import.js';
import { resourceOutput } from '../export/output-kind.js';
import { ParseError } from '../io/errors.js';
import { refuseUnsafeOutputs, writeFileAtomic } from './output-file.js';
import { loadResourceFile, ResourceInputError, type ResourceReadChoices } from './resource-input.js';

/** What {@link importArmatureFile} reads and writes with. */
export interface ArmatureImportFileOptions extends ApplyArmatureOptions {
  /** How the original is read. */
  read?: ResourceReadChoices;
  /** Other files read (name lists): inputs the output must not replace. */
  inputs?: string[];
  /** Replace an output the rule keeps. */
  force?: boolean;
}

/** What an import came to: the output written (and whether it is the original byte for byte), or a refusal. */
export type ArmatureImportFileOutcome =
  { kind: 'written'; result: ArmatureImport; identical: boolean } | { kind: 'refused'; message: string; reason?: string };

/** The glTF reader and its library load only when a Skeleton is imported. */
const gltfImport = () => import('../export/gltf-import.js');

/**
 * Reads the Skeleton file `original`, applies the armature of `gltf` (the edited glTF `edited`, as
 * readGltfFile reads it) and writes the result to `output`. The output replaces only a file holding
 * the same Skeleton (class and object id), an earlier output of this import. A refusal of the
 * original's bytes or of the glTF is an outcome, its message naming the file; a file that is not
 * read, or a SkeletonComponent, is a ResourceInputError; the output rule's errors are thrown.
 */
export async function importArmatureFile(
  original: string,
  edited: string,
  gltf: { input: GltfInput; resourcePaths: string[] },
  output: string,
  options: ArmatureImportFileOptions = {},
): Promise<ArmatureImportFileOutcome> {
  let loaded;
  try {
    loaded = loadResourceFile(original, options.read);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    return { kind: 'refused', message: `${original}: ${error.message}` };
  }
  if (loaded.resource.kind !== 'Skeleton')
    throw new ResourceInputError('unread', `${original}: is a ${loaded.resource.kind}, not a Skeleton`);
  // Checked once the original is read: its kind is the output's.
  const target = { path: output, option: '-o', kind: resourceOutput(loaded.bytes) };
  const force = options.force === true;
  const inputs = [original, edited, ...gltf.resourcePaths, ...(options.inputs ?? [])];
  await refuseUnsafeOutputs([target], inputs, 'import', undefined, { force });
  const { applyArmature, ArmatureImportError } = await gltfImport();
  let result: ArmatureImport;
  try {
    result = await applyArmature(loaded.resource, gltf.input, { axes: options.axes, boneName: options.boneName });
  } catch (error) {
    if (!(error instanceof ArmatureImportError)) throw error;
    return { kind: 'refused', message: `${edited}: ${error.message}`, reason: error.reason };
  }
  await writeFileAtomic({ ...target, data: result.bytes }, { command: 'import', force });
  const identical = result.bytes.length === loaded.bytes.length && result.bytes.every((byte, i) => byte === loaded.bytes[i]);
  return { kind: 'written', result, identical };
}
