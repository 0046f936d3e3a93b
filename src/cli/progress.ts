import { fstatSync } from 'node:fs';
import { groupThousands } from '../io/format.js';

/**
 * Whether stderr is a terminal. A pipe, a socket or a regular file is not one, and is told from its
 * file descriptor: asking `process.stderr` makes the stream, and for a pipe that loads Node's whole
 * stream and socket machinery (about 20 million instructions, 4% of `node -e 0`) in every run
 * whose stderr is piped and gets nothing written. Anything else (a terminal, a device, whatever a
 * platform reports for its console) is left to the stream to say.
 */
function stderrIsTerminal(): boolean {
  try {
    const info = fstatSync(2);
    if (info.isFIFO() || info.isSocket() || info.isFile()) return false;
  } catch {
    return false;
  }
  return process.stderr.isTTY === true;
}

/**
 * One-line status on stderr for long work, drawn only when stderr is a terminal (and not in CI),
 * at most every `intervalMs`. Every command's progress display is built on it.
 */
export class StatusLine {
  readonly enabled: boolean;
  private lastDraw = 0;
  private drawn = false;

  constructor(
    private readonly intervalMs = 100,
    stream?: NodeJS.WriteStream,
  ) {
    this.enabled = process.env.CI !== 'true' && (stream === undefined ? stderrIsTerminal() : stream.isTTY === true);
  }

  /** Draws `text()` unless the last draw was too recent; `force` draws regardless (e.g. at 100%). */
  show(text: () => string, force = false): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (!force && now - this.lastDraw < this.intervalMs) return;
    this.lastDraw = now;
    this.drawn = true;
    process.stderr.write(`\r${text()}\x1b[K`);
  }

  /** Erases the line, if anything was drawn. */
  clear(): void {
    if (this.drawn) process.stderr.write('\r\x1b[K');
    this.drawn = false;
  }
}

/** Files done of a total, with a bar and a rate: `validate [####    ] 120/300 files, 950/s`. */
export class Progress {
  private readonly line: StatusLine;
  private readonly started = Date.now();

  /** `stream`: the stream whose `isTTY` says whether to draw (by default, whether stderr is a terminal). */
  constructor(
    private readonly label: string,
    private total: number | null = null,
    stream?: NodeJS.WriteStream,
  ) {
    this.line = new StatusLine(100, stream);
  }

  setTotal(total: number): void {
    this.total = total;
  }

  update(done: number): void {
    this.line.show(() => {
      const seconds = Math.max((Date.now() - this.started) / 1000, 0.001);
      const rate = Math.round(done / seconds);
      // Grouped as every count the commands print is: `2,920/18,050`, never `2920` beside `2,920`.
      const of = this.total === null ? '' : `/${groupThousands(this.total)}`;
      const width = 24;
      const bar = this.total ? `[${'#'.repeat(Math.round((done / this.total) * width)).padEnd(width)}] ` : '';
      return `${this.label} ${bar}${groupThousands(done)}${of} files, ${groupThousands(rate)}/s`;
    }, done === this.total);
  }

  done(): void {
    this.line.clear();
  }
}
