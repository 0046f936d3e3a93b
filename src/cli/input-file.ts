/** Reading one input file as every command does: the node entry's reader, with a stale generated reader said on stderr. */
import { onStaleCompiledReader } from '../grammar/compiled.js';

// Every command that reads a resource reads it through here: a stale generated reader is said
// once on stderr, in the CLI's voice.
onStaleCompiledReader((message) => void process.stderr.write(`anvil-skel: warning: ${message}\n`));

export * from '../node/input-file.js';
