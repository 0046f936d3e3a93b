/**
 * Ctrl-C during a report streamed on stdout: rather than die with half a JSON document, the
 * command stops at the next file, closes what it opened and marks the report cut short. A second
 * Ctrl-C stops at once (the handler is there for the first one only).
 */

/** The exit status of a run stopped by SIGINT, as a shell reports a process killed by it (128 + 2). */
export const EXIT_INTERRUPTED = 130;

/** How often a synchronous loop lets a pending signal be delivered. */
const CHECK_INTERVAL_MS = 50;

/** Thrown out of a callback to stop a walk that was interrupted; caught by whoever started the watch. */
export class Interrupted extends Error {
  override name = 'Interrupted';
}

export class InterruptWatch {
  private seen = false;
  private last = Date.now();
  private readonly onSignal = (): void => {
    this.seen = true;
  };

  constructor() {
    process.once('SIGINT', this.onSignal);
  }

  /** Whether SIGINT has arrived (as far as the event loop has delivered it). */
  get interrupted(): boolean {
    return this.seen;
  }

  /**
   * Whether SIGINT has arrived, after giving the event loop a turn when the last was long enough
   * ago: a loop reading files synchronously would otherwise never see the signal.
   */
  async check(): Promise<boolean> {
    if (!this.seen && Date.now() - this.last >= CHECK_INTERVAL_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      this.last = Date.now();
    }
    return this.seen;
  }

  /** Stops watching: SIGINT is the default again (it ends the process). */
  dispose(): void {
    process.removeListener('SIGINT', this.onSignal);
  }
}
