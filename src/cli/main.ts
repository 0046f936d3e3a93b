import { Command, CommanderError } from 'commander';
import { registerCensusCommand } from './commands/census.js';
import { registerExportCommand } from './commands/export.js';
import { registerInspectCommand } from './commands/inspect.js';
import { registerNameCommands } from './commands/names.js';
import { registerPoseCommands } from './commands/pose.js';
import { registerSampleCommand } from './commands/sample.js';
import { registerValidateCommand } from './commands/validate.js';
import { EXIT_FAILED, EXIT_USAGE, UsageError } from './errors.js';
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
  registerSampleCommand(program);
  registerNameCommands(program);
  registerExportCommand(program);
  registerPoseCommands(program);
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

async function run(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version arrive here too, with exit code 0.
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`anvil-skel: ${error.message}\n`);
      return EXIT_USAGE;
    }
    const debug = program.opts<{ debug?: boolean }>().debug === true || argv.includes('--debug');
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`anvil-skel: ${message}\n`);
    if (debug && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    return EXIT_FAILED;
  }
}
