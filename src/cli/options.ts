/** Options shared by the commands that read resources: `--dialect` and `--reading`. */
import { Option, type Command } from 'commander';
import { ANVILNEXT_READING_CHOICES, parseAnvilnextReading, type AnvilnextReading } from '../formats/anvilnext/reading.js';
import { DIALECTS, type Dialect } from '../formats/dialect.js';
import { UsageError } from './errors.js';

export interface ResourceOptionValues {
  dialect?: Dialect;
  reading: string[];
}

export function addResourceOptions(command: Command): Command {
  const choices = Object.entries(ANVILNEXT_READING_CHOICES)
    .map(([key, values]) => `${key}=${(values as readonly string[]).join('|')}`)
    .join(', ');
  return command
    .addOption(new Option('--dialect <layout>', 'read with this layout instead of detecting it from the header').choices([...DIALECTS]))
    .option('--reading <key=value>', `switch one of the anvilnext reading choices (${choices}); repeatable`, (v: string, prev: string[]) => [...prev, v], []);
}

export interface ResourceReadOptions {
  dialect?: Dialect;
  reading: AnvilnextReading;
}

export function resourceReadOptions(values: ResourceOptionValues): ResourceReadOptions {
  try {
    return { dialect: values.dialect, reading: parseAnvilnextReading(values.reading ?? []) };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
