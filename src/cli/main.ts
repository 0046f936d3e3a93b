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

/** Each top-level command's name, with the function that registers it (one registers a group of several). */
const COMMANDS: readonly (readonly [name: string, register: (program: Command) => void])[] = [
  ['census', registerCensusCommand],
  ['inspect', registerInspectCommand],
  ['validate', registerValidateCommand],
  ['probe', registerProbeCommand],
  ['sample', registerSampleCommand],
  ['hash', registerNameCommands],
  ['unhash', registerNameCommands],
  ['crack', registerNameCommands],
  ['export', registerExportCommand],
  ['import', registerImportCommand],
  ['pose', registerPoseCommands],
  ['skin', registerSkinCommands],
  ['assemble', registerAssembleCommand],
  ['forge', registerForgeCommands],
  ['view', registerViewCommand],
];

/**
 * The command line's program. Given the arguments, and when they name a command and ask for no
 * version, only that command is registered (its group, where one function registers several): the
 * others' options and help cost a start as much as a census of an empty folder does. Its help,
 * options and errors are the full program's (a test holds them equal).
 */
export function buildProgram(argv?: readonly string[]): Command {
  const program = new Command();
  const only = argv === undefined ? undefined : commandNamed(argv);
  program.name('anvil-skel').description('Read, check and export Anvil/Scimitar Skeleton resources, byte for byte.');
  if (only === undefined) program.version(packageVersion(), '-V, --version', 'print the version');
  program.option('--debug', 'print stack traces of unexpected errors').showHelpAfterError().exitOverride();
  const registered = new Set<(program: Command) => void>();
  for (const [name, register] of COMMANDS) {
    if ((only !== undefined && name !== only) || registered.has(register)) continue;
    registered.add(register);
    register(program);
  }
  return program;
}

/**
 * The command the arguments run, when their first word names one and they ask for no version
 * (`-V` is the program's option only); undefined otherwise (no command, `help`, a misspelling).
 */
function commandNamed(argv: readonly string[]): string | undefined {
  if (argv.some((arg) => arg === '-V' || arg === '--version')) return undefined;
  // --debug is the program's one option before a command, and it takes no value.
  const first = argv.find((arg) => arg !== '--debug');
  return COMMANDS.some(([name]) => name === first) ? first : undefined;
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
  const program = buildProgram(argv);
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
