/** What `import` does (declared in commands/import.ts). */
import { readGltfFile } from '../../node/gltf-file.js';
import { importArmatureFile } from '../../node/armature-import-file.js';
import { armatureImportJson, armatureImportText } from '../../export/armature-import-report.js';
import { AXIS_CONVENTIONS, type AxisConvention } from '../../math/axes.js';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../errors.js';
import { sayStaleReadersOnStderr } from '../input-file.js';
import { loadNameDictionary, nameListFiles } from '../../node/name-lists.js';
import { resourceReadOptions } from '../read-options.js';
import type { ForceOptionValues, ResourceOptionValues } from '../options.js';
import type { NamesOptionValues } from '../names-option.js';

/** What commander hands the action. */
export interface ImportCommandOptions extends ResourceOptionValues, NamesOptionValues, ForceOptionValues {
  output?: string;
  axes?: string;
  json?: boolean;
}

export async function runImport(original: string, edited: string, options: ImportCommandOptions): Promise<void> {
  if (options.output === undefined || options.output === '') throw new UsageError('import: missing -o <out.Skeleton>');
  if (options.axes !== undefined && !(AXIS_CONVENTIONS as readonly string[]).includes(options.axes))
    throw new UsageError(`import: --axes must be ${AXIS_CONVENTIONS.join(' or ')}, not '${options.axes}'`);
  const read = resourceReadOptions(options);
  const gltf = await readGltfFile(edited, read.maxSize);
  const dictionary = await loadNameDictionary(options.names ?? []);
  sayStaleReadersOnStderr();
  const outcome = await importArmatureFile(original, edited, gltf, options.output, {
    read,
    axes: options.axes as AxisConvention | undefined,
    boneName: (bone) => dictionary.resolve(bone.nameHash),
    inputs: nameListFiles(options.names),
    force: options.force === true,
  });
  if (outcome.kind === 'refused') {
    const { message, reason } = outcome;
    process.stderr.write(`anvil-skel: import refused, nothing written: ${message}\n`);
    if (options.json === true)
      process.stdout.write(`${JSON.stringify({ error: { kind: 'refused', ...(reason ? { reason } : {}), message } }, null, 2)}\n`);
    process.exitCode = EXIT_FAILED;
    return;
  }
  const { result, identical } = outcome;
  if (options.json === true) {
    const paths = { original, gltf: edited, output: options.output };
    process.stdout.write(`${JSON.stringify(armatureImportJson(paths, result, identical), null, 2)}\n`);
  } else {
    process.stdout.write(armatureImportText(options.output, result, identical));
  }
  process.exitCode = EXIT_OK;
}
