/** What `skin bind`, `skin capture` and `skin palette` do (declared in commands/skin.ts). */
import { resolve } from 'node:path';
import {
  captureReport,
  encodePaletteConstants,
  meshBindReport,
  meshBoneBones,
  paletteMatrices,
  REGISTER_BYTES,
} from '../../analysis/skinning.js';
import { count } from '../../io/format.js';
import { captureJson, captureText, meshBindJson, meshBindText } from '../../export/skinning-report.js';
import { EXIT_OK, RefusedInputError } from '../errors.js';
import { loadNamedSkeleton } from '../forge-resource.js';
import { nameListFiles } from '../../node/name-lists.js';
import { paletteOutput } from '../../export/output-kind.js';
import { refuseUnsafeOutputs, writeFileAtomic } from '../../node/output-file.js';
import type { SkinFileRefusal } from '../../node/skin-files.js';
import { readCaptureFrames, readMeshBonesFile, readPaletteFile, refusedInSkinFiles as refusedIn } from '../../node/skin-files.js';
import type { ArchiveAddressValues, ForceOptionValues, ResourceOptionValues } from '../options.js';
import type { NamesOptionValues } from '../names-option.js';
import type { SkinPose } from '../../analysis/skinning-options.js';

/** What every skin subcommand takes: `--layout`, `--reading`, `--max-size`, `--names`, and `--entry`/`--resource` for the Skeleton. */
export type SkinCommonOptions = ResourceOptionValues & NamesOptionValues & ArchiveAddressValues;

/** `skin bind`. */
export type SkinBindOptions = SkinCommonOptions & { json?: boolean };

/** `skin capture`. */
export type SkinCaptureOptions = SkinCommonOptions & { json?: boolean; palette: string; constants: string[]; base: number; count: number };

/** `skin palette`. */
export type SkinPaletteOptions = SkinCommonOptions &
  ForceOptionValues & { palette: string; output: string; pose: SkinPose; base: number; count: number };

/** `run`, the library's refusal of a skinning input as the CLI's `<file>: <item>: <reason>` (exit 1). */
async function refused(run: () => Promise<void>): Promise<void> {
  await run().catch((error: unknown) => {
    if (!(error instanceof Error) || error.name !== 'SkinFileRefusal') throw error;
    const { file, reason } = error as SkinFileRefusal;
    throw new RefusedInputError(file, reason);
  });
}

/** The Skeleton (`files.skeleton` its label: its file, or archive, entry and resource), its MeshBones, and how to read a palette. */
async function loadInputs(skeletonPath: string, meshBonesPath: string, options: SkinCommonOptions, command: string) {
  const { skeleton, label, nameOf, read } = await loadNamedSkeleton(skeletonPath, options, command);
  const files = { skeleton: label, meshBones: meshBonesPath };
  const meshBones = await readMeshBonesFile(files, read.maxSize);
  const palette = (file: string, registers: number) => readPaletteFile(file, files, meshBones.length, registers, read.maxSize);
  return { skeleton, meshBones, nameOf, files, palette };
}

export function bindCommand(skeletonPath: string, meshBonesPath: string, options: SkinBindOptions): Promise<void> {
  return refused(async () => {
    const { skeleton, meshBones, nameOf, files } = await loadInputs(skeletonPath, meshBonesPath, options, 'skin bind');
    const report = refusedIn(files, () => meshBindReport(skeleton, meshBones));
    if (options.json) process.stdout.write(`${JSON.stringify(meshBindJson(report, nameOf), null, 2)}\n`);
    else process.stdout.write(meshBindText(report, skeleton, nameOf, files));
    process.exitCode = EXIT_OK;
  });
}

export function captureCommand(skeletonPath: string, meshBonesPath: string, options: SkinCaptureOptions): Promise<void> {
  return refused(async () => {
    const { skeleton, meshBones, nameOf, files, ...read } = await loadInputs(skeletonPath, meshBonesPath, options, 'skin capture');
    const palette = await read.palette(options.palette, options.count);
    // A hash no bone carries is the MeshBones file's fault, found before any dump is read.
    refusedIn(files, () => meshBoneBones(skeleton, meshBones));
    const frames = await readCaptureFrames(files, options.constants, palette.length, options.base);
    const report = refusedIn({ ...files, frames: options.constants }, () => captureReport(skeleton, meshBones, palette, frames));
    if (options.json) process.stdout.write(`${JSON.stringify(captureJson(report, skeleton, nameOf, options.constants), null, 2)}\n`);
    else process.stdout.write(captureText(report, skeleton, nameOf, options.constants, palette.length));
    process.exitCode = EXIT_OK;
  });
}

export function paletteCommand(skeletonPath: string, meshBonesPath: string, options: SkinPaletteOptions): Promise<void> {
  return refused(async () => {
    // What palette writes is 16 × (base + count) bytes, the registers below base zero: an earlier palette of the same registers.
    const kind = paletteOutput(REGISTER_BYTES * (options.base + options.count), options.base);
    const output = { path: resolve(options.output), option: '-o', kind };
    const force = options.force === true;
    const inputs = [skeletonPath, meshBonesPath, options.palette, ...nameListFiles(options.names)];
    await refuseUnsafeOutputs([output], inputs, 'skin palette', undefined, { force });
    const { skeleton, meshBones, files, ...read } = await loadInputs(skeletonPath, meshBonesPath, options, 'skin palette');
    const palette = await read.palette(options.palette, options.count);
    const matrices = refusedIn(files, () => paletteMatrices(skeleton, meshBones, palette, options.pose));
    let bytes: Uint8Array;
    try {
      bytes = encodePaletteConstants(matrices, { base: options.base, count: options.count });
    } catch (error) {
      throw new RefusedInputError(meshBonesPath, (error as Error).message);
    }
    await writeFileAtomic({ ...output, data: bytes }, { command: 'skin palette', force });
    const last = options.base + 3 * palette.length - 1;
    const registers = `registers c${options.base}–c${last}, ${count(bytes.byteLength, 'byte')}`;
    const entries = count(palette.length, 'palette entry', 'palette entries');
    process.stdout.write(`wrote ${entries} of the ${options.pose} pose (${registers}) to ${options.output}\n`);
    process.exitCode = EXIT_OK;
  });
}
