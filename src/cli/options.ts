/** Options shared by the commands that read resources: `--layout` and `--reading`. */
import { Option, type Command } from 'commander';
import { ANVILNEXT_READING_CHOICES } from '../formats/anvilnext/reading.js';
import type { LayoutName } from '../formats/dialect.js';
import { UsageError } from './errors.js';
import { addNamesOption } from './names-option.js';
import { DEFAULT_MAX_SIZE, parseFileSize } from '../node/limits.js';
import type { OpenForgeOptions } from '../archive/forge-open.js';
import { FORGE_PROFILE_NAMES, TOC_RECORD_KINDS, type TocRecordKind } from '../archive/profile/names.js';

export interface ResourceOptionValues {
  /** `--layout`, as typed (`auto` by default). */
  layout?: LayoutName;
  /** `--dialect`, the option's former name, still taken. */
  dialect?: LayoutName;
  reading: string[];
  /** `--max-size`, as typed. */
  maxSize?: string;
}

// The help text names the main title's reading choices (every layout's are among them) and leaves
// the list of layouts to `probe --layouts`, so that registering the commands loads no layout.
export function addResourceOptions(command: Command): Command {
  const choices = Object.entries(ANVILNEXT_READING_CHOICES)
    .map(([key, values]) => `${key}=${(values as readonly string[]).join('|')}`)
    .join(', ');
  return (
    command
      .addOption(
        new Option(
          '--layout <layout>',
          'the layout to read with (anvilnext, scimitar, anvilnext/unity, …; `probe --layouts` lists them); auto: the layout the header names, then every other one the header fits for a file it refuses',
        ).default('auto'),
      )
      // The option's former name, kept so that scripts written for it still run; not in the help.
      .addOption(new Option('--dialect <layout>', 'the former name of --layout').hideHelp())
      .option(
        '--reading <key=value>',
        `switch one of the reading choices (${choices}); repeatable`,
        (v: string, prev: string[]) => [...prev, v],
        [],
      )
      .option(
        '--max-size <size>',
        `largest resource file read, in bytes or with KiB/MiB/GiB (default ${DEFAULT_MAX_SIZE / MIB} MiB); larger ones are refused unread`,
      )
  );
}

const MIB = 1024 * 1024;

/** `--max-size` in bytes (the node entry's parseFileSize), DEFAULT_MAX_SIZE when not given; a UsageError when it is not a size. */
export function maxSizeOption(value: string | undefined): number {
  try {
    return value === undefined ? DEFAULT_MAX_SIZE : parseFileSize(value, '--max-size');
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** `--forge-profile` and `--toc-record`, as commander stores them. */
export interface ForgeProfileValues {
  forgeProfile?: string;
  tocRecord?: string;
}

/**
 * `--forge-profile P|auto` and `--toc-record R`: which title family's reading a `.forge` archive's
 * data files get (found from the first data files by default, never from the name), and the TOC
 * record reading among the profile's choices. Every command that reads archives takes them.
 */
export function addForgeProfileOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--forge-profile <profile>',
        'in .forge archives, the title family whose reading the data files get; auto: the profile that reads the first data files to their ends (`forge probe` shows each)',
      )
        .choices(['auto', ...FORGE_PROFILE_NAMES])
        .default('auto'),
    )
    .addOption(
      new Option(
        '--toc-record <reading>',
        "in .forge archives, the TOC record reading, among the profile's choices (the profile's own by default)",
      ).choices([...TOC_RECORD_KINDS]),
    );
}

/** What `openForge` is given for the parsed `--forge-profile` and `--toc-record`. */
export function forgeOpenOptions(values: ForgeProfileValues): OpenForgeOptions {
  return {
    profile: (values.forgeProfile ?? 'auto') as OpenForgeOptions['profile'],
    ...(values.tocRecord === undefined ? {} : { tocRecord: values.tocRecord as TocRecordKind }),
  };
}

/** `--every-data-file`, as every command that reads what `.forge` archives hold takes it, with the profile options. */
export function addEveryDataFileOption(command: Command): Command {
  return addForgeProfileOptions(
    command.option(
      '--every-data-file',
      'in .forge archives, read every data file, not only those the index types Skeleton or SkeletonComponent',
    ),
  );
}

/** `--force`, as commander stores it. */
export interface ForceOptionValues {
  force?: boolean;
}

/**
 * `--force`, on every command that writes files: replace an existing file at an output path even
 * when it holds something else (the node entry's output rule, node/output-file.ts). Never an input,
 * a directory, a device, a FIFO or a socket.
 */
export function addForceOption(command: Command): Command {
  return command.option(
    '--force',
    'replace an existing file at an output path even when it holds something else (never an input, a directory or a device)',
  );
}

/** The output rule in a sentence, for the help of each command that writes. */
export const OUTPUT_RULE_HELP =
  'An existing file at an output path is replaced only when it holds what that output writes; anything else there\n' +
  '(an archive, a resource, a binary of another kind) is refused, exit 2, and left as it is, unless --force is\n' +
  'given. Outputs are never inputs; missing folders are created.';

/** `--entry` and `--resource`, as commander stores them (absent when not given), with the profile options. */
export interface ArchiveAddressValues extends ForgeProfileValues {
  entry?: string;
  resource?: string;
}

/**
 * `--entry N|NAME` and `--resource I|ID|NAME`: one resource inside a .forge archive, for every
 * command that takes a Skeleton file (forge-resource.ts checks them against the input and reads it).
 */
export function addArchiveAddressOptions(command: Command): Command {
  return addForgeProfileOptions(
    command
      .option('--entry <n|name>', 'in a .forge archive: the entry (data file), by its number in forge list or its name')
      .option('--resource <i|id|name>', 'in that entry: the resource, by index, hex id or name (not needed when it holds one Skeleton)'),
  );
}

/** The argument of every command that reads one Skeleton: a file, or an archive with `--entry`. */
export const SKELETON_ARGUMENT = 'Skeleton resource file, or a .forge archive with --entry';

/** What every pose and skin subcommand takes: `--entry`/`--resource` and the profile options, the resource options and `--names`. */
export function addSkeletonInputOptions(command: Command): Command {
  return addNamesOption(addResourceOptions(addArchiveAddressOptions(command)));
}
