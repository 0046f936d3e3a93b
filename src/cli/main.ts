import { Command, CommanderError } from 'commander';
import { registerAssembleCommand } from './commands/assemble.js';
import { registerCensusCommand } from './commands/census.js';
import { registerExportCommand } from './commands/export.js';
import { registerForgeCommands } from './commands/forge.js';
import { registerImportCommand } from './commands/import.js';
import { registerInspectCommand } from './commands/inspect.js';
import { registerNameCommands } from './commands/names.js';
import { registerPoseCommands } from './commands/pose.js';
import { registerProbeCommand } from './commands/probe.js';
import { registerSampleCommand } from './commands/sample.js';
import { registerSkinCommands } from './commands/skin.js';
import { registerValidateCommand } from './commands/validate.js';
import { registerViewCommand } from './commands/view.js';
import { EXIT_FAILED, EXIT_USAGE, RefusedInputError, UsageError } from './errors.js';
import { packageVersion } from './paths.js';

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('anvil-skel')
    .description('Read, check and export Anvil/Scimitar Skeleton resources, byte for byte.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .option('--debug', 'print stack traces of unexpected errors')
    .showHelpAfterError()
    .exitOverride();
  registerCensusCommand(program);
  registerInspectCommand(program);
  registerValidateCommand(program);
  registerProbeCommand(program);
  registerSampleCommand(program);
  registerNameCommands(program);
  registerExportCommand(program);
  registerImportCommand(program);
  registerPoseCommands(program);
  registerSkinCommands(program);
  registerAssembleCommand(program);
  registerForgeCommands(program);
  registerViewCommand(program);
  return program;
}

/** Runs one command line and returns its exit status (commands report failure through process.exitCode). */
export async function main(argv: string[]): Promise<number> {
  const outer = process.exitCode;
  process.exitCode = undefined;
  try {
    return await run(argv);
  } finally {
    process.exitCode = outer;
  }
}

/**
 * Whether the command line asks for JSON on stdout: `--json` on any command, except that the
 * census's `--json FILE` writes a file (`--json`, `--json -` and `--json=-` are stdout).
 */
export function jsonOnStdout(argv: readonly string[]): boolean {
  const at = argv.findIndex((arg) => arg === '--json' || arg.startsWith('--json='));
  if (at < 0) return false;
  const arg = argv[at]!;
  if (arg.startsWith('--json=')) return arg.slice('--json='.length) === '-';
  const command = argv.find((a) => !a.startsWith('-'));
  if (command !== 'census') return true;
  const next = argv[at + 1];
  return next === undefined || next === '-' || next.startsWith('-');
}

/**
 * In JSON mode an error still gives stdout one JSON object, so a script reading it never parses
 * nothing; a refusal names its file beside the error, as `inspect` prints one.
 */
function jsonError(argv: readonly string[], kind: 'usage' | 'failed' | 'refused', message: string, refused?: RefusedInputError): void {
  if (!jsonOnStdout(argv)) return;
  const error = { kind, message, ...refused?.details };
  process.stdout.write(`${JSON.stringify(refused === undefined ? { error } : { file: refused.file, error }, null, 2)}\n`);
}

async function run(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (thrown) {
    if (thrown instanceof CommanderError) {
      // --help and --version arrive here too, with exit code 0.
      if (thrown.exitCode === 0) return 0;
      jsonError(argv, 'usage', thrown.message.replace(/^error: /, ''));
      return EXIT_USAGE;
    }
    // The library's errors as the CLI's; loaded only now, so that no start pays for the library.
    const error = (await import('./library-errors.js')).cliError(thrown);
    if (error instanceof UsageError) {
      process.stderr.write(`anvil-skel: ${error.message}\n`);
      jsonError(argv, 'usage', error.message);
      return EXIT_USAGE;
    }
    if (error instanceof RefusedInputError) {
      process.stderr.write(`anvil-skel: ${error.message}\n`);
      jsonError(argv, 'refused', error.message, error);
      return EXIT_FAILED;
    }
    const debug = program.opts<{ debug?: boolean }>().debug === true || argv.includes('--debug');
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`anvil-skel: ${message}\n`);
    if (debug && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    jsonError(argv, 'failed', message);
    return EXIT_FAILED;
  }
}
