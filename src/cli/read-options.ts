/** The resource options checked against the registry: loaded by the actions, never at start-up. */
import type { LayoutName } from '../formats/dialect.js';
import type { Reading } from '../formats/layout.js';
import { findLayout, layoutNames, parseReading } from '../formats/registry.js';
import { UsageError } from './errors.js';
import { maxSizeOption, type ResourceOptionValues } from './options.js';

export interface ResourceReadOptions {
  /** The layout, undefined for `auto`. */
  dialect?: LayoutName;
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
    const given =
      values.dialect !== undefined && (values.layout === undefined || values.layout === 'auto') ? values.dialect : values.layout;
    if (values.dialect !== undefined && values.dialect !== given)
      throw new RangeError(
        `--dialect is the former name of --layout; give one of them (got --layout ${values.layout} and --dialect ${values.dialect})`,
      );
    const dialect = given === undefined || given === 'auto' ? undefined : given;
    if (dialect !== undefined && findLayout(dialect) === undefined)
      throw new RangeError(`--layout takes auto or a registered layout (${layoutNames().join(', ')}); got "${dialect}"`);
    return { dialect, reading: parseReading(values.reading ?? []), maxSize: maxSizeOption(values.maxSize) };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
