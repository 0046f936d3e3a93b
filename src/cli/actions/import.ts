/** What `import` does (declared in commands/import.ts). */
import type { ArmatureImport } from '../../export/gltf-import.js';
import { readGltfFile } from '../../node/gltf-file.js';
import { armatureImportJson, armatureImportText } from '../../export/armature-import-report.js';
import { ParseError } from '../../io/errors.js';
import { AXIS_CONVENTIONS, type AxisConvention } from '../../math/axes.js';
import { EXIT_FAILED, EXIT_OK, InputFileError, UsageError } from '../errors.js';
import { loadResource } from '../load.js';
import { loadNameDictionary, nameListFiles } from '../name-lists.js';
import { resourceReadOptions } from '../read-options.js';
import { resourceOutput } from '../../export/output-kind.js';
import { refuseUnsafeOutputs, writeFileAtomic } from '../../node/output-file.js';
import type { ForceOptionValues, ResourceOptionValues } from '../options.js';
import type { NamesOptionValues } from '../names-option.js';

/** What commander hands the action. */
export interface ImportCommandOptions extends ResourceOptionValues, NamesOptionValues, ForceOptionValues {
  output?: string;
  axes?: string;
  json?: boolean;
}

/** The glTF reader and its library load only when a command imports. */
const gltfImport = () => import('../../export/gltf-import.js');

export async function runImport(original: string, edited: string, options: ImportCommandOptions): Promise<void> {
  if (options.output === undefined || options.output === '') throw new UsageError('import: missing -o <out.Skeleton>');
  let axes: AxisConvention | undefined;
  if (options.axes !== undefined) {
    if (!(AXIS_CONVENTIONS as readonly string[]).includes(options.axes))
      throw new UsageError(`import: --axes must be ${AXIS_CONVENTIONS.join(' or ')}, not '${options.axes}'`);
    axes = options.axes as AxisConvention;
  }
  const read = resourceReadOptions(options);
  const json = options.json === true;
  const gltf = await readGltfFile(edited, read.maxSize);
  const inputs = [original, edited, ...gltf.resourcePaths, ...nameListFiles(options.names)];
  const force = options.force === true;
  const dictionary = await loadNameDictionary(options.names ?? []);

  let loaded;
  try {
    loaded = await loadResource(original, read);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    return refuse(json, `${original}: ${error.message}`);
  }
  if (loaded.resource.kind !== 'Skeleton') throw new InputFileError(`${original}: is a ${loaded.resource.kind}, not a Skeleton`);
  // Checked once the original is read: the output is the original edited, so it replaces only a
  // file holding the same Skeleton (class and object id), an earlier output of this import.
  const output = { path: options.output, option: '-o', kind: resourceOutput(loaded.bytes) };
  await refuseUnsafeOutputs([output], inputs, 'import', undefined, { force });

  const { applyArmature, ArmatureImportError } = await gltfImport();
  let result: ArmatureImport;
  try {
    result = await applyArmature(loaded.resource, gltf.input, { axes, boneName: (bone) => dictionary.resolve(bone.nameHash) });
  } catch (error) {
    if (!(error instanceof ArmatureImportError)) throw error;
    return refuse(json, `${edited}: ${error.message}`, error.reason);
  }
  await writeFileAtomic({ ...output, data: result.bytes }, { command: 'import', force });
  const identical = sameBytes(result.bytes, loaded.bytes);
  if (json) {
    process.stdout.write(
      `${JSON.stringify(armatureImportJson({ original, gltf: edited, output: options.output }, result, identical), null, 2)}\n`,
    );
  } else {
    process.stdout.write(armatureImportText(options.output, result, identical));
  }
  process.exitCode = EXIT_OK;
}

function refuse(json: boolean, message: string, reason?: string): void {
  process.stderr.write(`anvil-skel: import refused, nothing written: ${message}\n`);
  if (json) process.stdout.write(`${JSON.stringify({ error: { kind: 'refused', ...(reason ? { reason } : {}), message } }, null, 2)}\n`);
  process.exitCode = EXIT_FAILED;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
