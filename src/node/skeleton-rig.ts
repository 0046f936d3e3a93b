/**
 * The bones and parent links of every Skeleton under the paths a command is given (files,
 * folders, `.forge` archives, whose Skeleton records are read as the census reads them): the rig
 * `crack` weighs names against. One file or record that cannot be read never stops the others.
 */
import { archiveRefusalReport, forgeEntryAddress, forgeResourceAddress } from '../archive/forge-address.js';
import { forgeSkeletalFiles } from '../archive/forge-records.js';
import { forgeEntriesToRead } from '../archive/forge-select.js';
import { unreadRecordMessage } from '../analysis/census/archive.js';
import { parseRigHierarchy, RigHierarchyError, rigHierarchyOf } from '../analysis/rig-hierarchy.js';
import { readFile } from 'node:fs/promises';
import { CLASS } from '../formats/classes.js';
import type { LayoutName } from '../formats/dialect.js';
import type { Reading } from '../formats/layout.js';
import { classifyHeader, readResource } from '../formats/resource.js';
import { formatAddress, refusalReport } from '../io/address.js';
import { ParseError } from '../io/errors.js';
import { skeletonFromResource } from '../model/read.js';
import type { Skeleton } from '../model/skeleton.js';
import type { RigHierarchy } from '../names/rig-names.js';
import { ArchiveProfileChoiceError } from './census.js';
import { walkInputs, type InputWalk } from './files.js';
import { isForgeFile, openForgeFile } from './forge-file.js';
import { readInputFile } from './input-file.js';
import { ResourceInputError } from './resource-input-error.js';

/** How {@link readSkeletonRig} reads. */
export interface SkeletonRigOptions {
  /** Read every file with this layout instead of detecting it from the header. */
  dialect?: LayoutName;
  /** The reading choices (defaults for the rest). */
  reading?: Reading;
  /** Largest resource file read, in bytes (default DEFAULT_MAX_SIZE). */
  maxSize?: number;
  /** In archives, read every data file, not only those the index types Skeleton or SkeletonComponent. */
  everyDataFile?: boolean;
  /** The walk of `paths` when the caller made it already. */
  walk?: InputWalk;
}

/** The rig read, how many Skeletons gave it, and a line per file or record that failed (`path: reason`). */
export interface SkeletonRig {
  rig: RigHierarchy;
  skeletons: number;
  failures: string[];
}

/** Why bytes gave no Skeleton (`label: reason`); `otherClass`: they are a SkeletonComponent, not refused. */
interface NotSkeleton {
  line: string;
  otherClass: boolean;
}

/** A Skeleton's bytes as the model, or why not. */
function skeletonOf(bytes: Uint8Array, label: string, options: SkeletonRigOptions): Skeleton | NotSkeleton {
  try {
    // The header named a class we read, so there is a result or a ParseError.
    const { resource } = readResource(bytes, { dialect: options.dialect, reading: options.reading })!;
    if (resource.kind !== 'Skeleton') return { line: `${label}: is a ${resource.kind}, not a Skeleton`, otherClass: true };
    return skeletonFromResource(resource);
  } catch (error) {
    if (error instanceof ParseError) return { line: `${label}: ${error.message}`, otherClass: false };
    throw error;
  }
}

/**
 * One file's Skeleton, a failure line, or null for a file that is not ours to read, found inside
 * a folder (named on the command line, it is a failure).
 */
function fileSkeleton(path: string, explicit: boolean, options: SkeletonRigOptions): Skeleton | string | null {
  const read = readInputFile(path, { dialect: options.dialect, maxSize: options.maxSize });
  switch (read.kind) {
    case 'other':
      return explicit ? `${path}: ${read.description}` : null;
    case 'truncated':
      return explicit ? `${path}: ${read.refusal.message}` : null;
    case 'unreadable':
      if (read.reason === 'no such file or directory') return `${path}: no such file: ${path}`;
      return explicit ? `${path}: ${read.reason}` : null;
    case 'resource': {
      const skeleton = skeletonOf(read.bytes, path, options);
      if ('line' in skeleton) return skeleton.otherClass && !explicit ? null : skeleton.line;
      return skeleton;
    }
  }
}

/** The Skeleton records of an archive's chosen data files, each to `add`; a refused table, data file or record is one failure. */
async function archiveSkeletons(
  archive: string,
  options: SkeletonRigOptions,
  add: (skeleton: Skeleton) => void,
  fail: (line: string) => void,
): Promise<void> {
  let opening;
  try {
    opening = await openForgeFile(archive);
  } catch (error) {
    if (!(error instanceof ArchiveProfileChoiceError)) throw error;
    fail(error.message);
    return;
  }
  if (opening.kind === 'refused') return fail(`${archive}: ${archiveRefusalReport(opening.refusal).message}`);
  if (opening.kind === 'unreadable') return fail(opening.message);
  const { forge, source } = opening;
  try {
    for (const refusal of forge.refusals) fail(`${archive}: ${refusalReport(refusal).message}`);
    for await (const file of forgeSkeletalFiles(forge, forgeEntriesToRead(forge.entries, options.everyDataFile === true))) {
      if ('failed' in file) throw file.failed;
      if ('refusal' in file) {
        fail(`${formatAddress(forgeEntryAddress(archive, file.entry))}: ${refusalReport(file.refusal).message}`);
        continue;
      }
      for (const { index, resource } of file.records) {
        if (resource.classHash >>> 0 !== CLASS.Skeleton) continue;
        const label = formatAddress(forgeResourceAddress(archive, file.entry, index, resource.name));
        if (classifyHeader(resource.body, options.dialect).length === 0) {
          fail(`${label}: ${unreadRecordMessage(resource.classHash, resource.body, options.dialect)}`);
          continue;
        }
        const skeleton = skeletonOf(resource.body, label, options);
        if ('line' in skeleton) fail(skeleton.line);
        else add(skeleton);
      }
    }
  } finally {
    await source.close();
  }
}

/**
 * The bones and parent links of every Skeleton under `paths`, as `anvil-skel crack --skeletons`
 * reads them: a file of another class found in a folder is passed over, one named is a failure.
 * Rejects with a NoInputError when no path exists.
 */
export async function readSkeletonRig(paths: readonly string[], options: SkeletonRigOptions = {}): Promise<SkeletonRig> {
  const walk = options.walk ?? walkInputs(paths);
  const hashes: number[] = [];
  const links: [number, number][] = [];
  const failures: string[] = [];
  let skeletons = 0;
  const add = (skeleton: Skeleton): void => {
    skeletons++;
    const rig = rigHierarchyOf(skeleton);
    hashes.push(...rig.hashes);
    links.push(...rig.links);
  };
  const fail = (line: string): void => void failures.push(line);
  for (const problem of walk.problems) if (problem.failed) fail(`${problem.path}: ${problem.reason}`);
  for (const input of walk.files) {
    if (isForgeFile(input.path)) {
      await archiveSkeletons(input.path, options, add, fail);
      continue;
    }
    const skeleton = fileSkeleton(input.path, input.explicit, options);
    if (typeof skeleton === 'string') fail(skeleton);
    else if (skeleton !== null) add(skeleton);
  }
  return { rig: { hashes, links }, skeletons, failures };
}

/**
 * The hashes and parent links of a hierarchy file (JSON `{ "<hash>": ["<parent hash>" | null, ...] }`).
 * A file that cannot be read, or an item that is not a hierarchy's, is the caller's mistake: a
 * {@link ResourceInputError} of kind `usage` naming the file (and the item).
 */
export async function readRigHierarchyFile(file: string): Promise<RigHierarchy> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ResourceInputError('usage', `cannot read hierarchy file ${JSON.stringify(file)}: ${(error as Error).message}`);
  }
  try {
    return parseRigHierarchy(text);
  } catch (error) {
    if (error instanceof RigHierarchyError) throw new ResourceInputError('usage', `hierarchy file ${file}: ${error.message}`);
    throw error;
  }
}
