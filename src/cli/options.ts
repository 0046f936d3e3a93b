/** Options shared by the commands that read resources: `--dialect` and `--reading`. */
import { Option, type Command } from 'commander';
import { ANVILNEXT_READING_CHOICES, parseAnvilnextReading, type AnvilnextReading } from '../formats/anvilnext/reading.js';
import { DIALECTS, type Dialect } from '../formats/dialect.js';
import { UsageError } from './errors.js';
import { DEFAULT_MAX_SIZE } from './limits.js';

export interface ResourceOptionValues {
  dialect?: Dialect;
  reading: string[];
  /** `--max-size`, as typed. */
  maxSize?: string;
}

export function addResourceOptions(command: Command): Command {
  const choices = Object.entries(ANVILNEXT_READING_CHOICES)
    .map(([key, values]) => `${key}=${(values as readonly string[]).join('|')}`)
    .join(', ');
  return command
    .addOption(new Option('--dialect <layout>', 'read with this layout instead of detecting it from the header').choices([...DIALECTS]))
    .option(
      '--reading <key=value>',
      `switch one of the anvilnext reading choices (${choices}); repeatable`,
      (v: string, prev: string[]) => [...prev, v],
      [],
    )
    .option(
      '--max-size <size>',
      `largest resource file read, in bytes or with KiB/MiB/GiB (default ${DEFAULT_MAX_SIZE / MIB} MiB); larger ones are refused unread`,
    );
}

const MIB = 1024 * 1024;
const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: MIB,
  mb: MIB,
  mib: MIB,
  g: 1024 * MIB,
  gb: 1024 * MIB,
  gib: 1024 * MIB,
};

/**
 * `--max-size` in bytes: `300000`, `64MiB`, `1.5 GiB` (units are powers of 1024). At most 2 GiB − 1,
 * the largest file Node reads into one buffer.
 */
export function maxSizeOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_MAX_SIZE;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const unit = match ? UNITS[match[2]!.toLowerCase()] : undefined;
  const bytes = match && unit !== undefined ? Math.floor(Number(match[1]) * unit) : NaN;
  if (!Number.isFinite(bytes) || bytes < 1 || bytes > 2 ** 31 - 1) {
    throw new UsageError(`--max-size takes a size from 1 byte to 2 GiB, such as 300000, 64MiB or 1GiB; got "${value}"`);
  }
  return bytes;
}

export interface ResourceReadOptions {
  dialect?: Dialect;
  reading: AnvilnextReading;
  /** Largest resource file read, in bytes. */
  maxSize: number;
}

export function resourceReadOptions(values: ResourceOptionValues): ResourceReadOptions {
  try {
    return { dialect: values.dialect, reading: parseAnvilnextReading(values.reading ?? []), maxSize: maxSizeOption(values.maxSize) };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
