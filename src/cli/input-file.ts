/** Reading one input file as every command does: the node entry's reader, with a stale generated reader said on stderr. */
import { onStaleCompiledReader } from '../grammar/compiled.js';

/**
 * Says a stale generated reader once on stderr, in the CLI's voice. Run when this module loads;
 * a command that reads through the library's workflows (and imports nothing else from here)
 * calls it itself.
 */
export function sayStaleReadersOnStderr(): void {
  onStaleCompiledReader((message) => void process.stderr.write(`anvil-skel: warning: ${message}\n`));
}

// Every command that reads a resource reads it through here.
sayStaleReadersOnStderr();

export * from '../node/input-file.js';
