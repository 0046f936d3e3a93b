import { main } from './main.js';

/** A reader that stops early (`census | head`) closes the pipe: that ends the output, not the program with a stack. */
function endOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

/**
 * Calls `use` with `process[name]` when the stream is first asked for. Node makes a standard
 * stream only then: making stderr at start, for a handler, cost every run that writes nothing to
 * it a pipe's whole stream machinery (about 20 million instructions, 4% of `node -e 0`).
 */
function whenFirstUsed(name: 'stdout' | 'stderr', use: (stream: NodeJS.WriteStream) => void): void {
  const made = Object.getOwnPropertyDescriptor(process, name);
  if (made?.get === undefined || made.configurable !== true) {
    use(process[name]);
    return;
  }
  const make = made.get;
  Object.defineProperty(process, name, {
    configurable: true,
    enumerable: made.enumerable ?? true,
    get(): NodeJS.WriteStream {
      const stream = make.call(process) as NodeJS.WriteStream;
      Object.defineProperty(process, name, { configurable: true, enumerable: made.enumerable ?? true, writable: true, value: stream });
      use(stream);
      return stream;
    },
  });
}

/** Runs the command line on the given arguments, as the `anvil-skel` command does, and sets the exit code. */
export function runCli(argv: string[]): void {
  whenFirstUsed('stdout', endOnClosedPipe);
  whenFirstUsed('stderr', endOnClosedPipe);

  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`anvil-skel: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
