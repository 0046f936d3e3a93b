/** The resource options checked against the registry: loaded by the actions, never at start-up. */
import type { Dialect } from '../formats/dialect.js';
import type { Reading } from '../formats/layout.js';
import { findLayout, layoutNames, parseReading } from '../formats/registry.js';
import { UsageError } from './errors.js';
import { maxSizeOption, type ResourceOptionValues } from './options.js';

export interface ResourceReadOptions {
  /** The layout, undefined for `auto`. */
  dialect?: Dialect;
  reading: Reading;
  /** Largest resource file read, in bytes. */
  maxSize: number;
}

/**
 * The options checked against the registry (loaded here, by the command that runs, not at start-up).
 * Throws a UsageError naming an unknown layout, reading key or value.
 */
export function resourceReadOptions(values: ResourceOptionValues): ResourceReadOptions {
  try {
    const dialect = values.dialect === undefined || values.dialect === 'auto' ? undefined : values.dialect;
    if (dialect !== undefined && findLayout(dialect) === undefined)
      throw new RangeError(`--dialect takes auto or a registered layout (${layoutNames().join(', ')}); got "${dialect}"`);
    return { dialect, reading: parseReading(values.reading ?? []), maxSize: maxSizeOption(values.maxSize) };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
