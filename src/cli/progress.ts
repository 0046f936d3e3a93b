/** A one-line progress display on stderr, shown only when stderr is a terminal. */
export class Progress {
  private readonly enabled: boolean;
  private readonly started = Date.now();
  private lastDraw = 0;

  constructor(
    private readonly label: string,
    private total: number | null = null,
    stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.enabled = stream.isTTY === true && process.env.CI !== 'true';
  }

  setTotal(total: number): void {
    this.total = total;
  }

  update(done: number): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.lastDraw < 100 && done !== this.total) return;
    this.lastDraw = now;
    const seconds = Math.max((now - this.started) / 1000, 0.001);
    const rate = Math.round(done / seconds);
    const of = this.total === null ? '' : `/${this.total}`;
    const width = 24;
    const bar = this.total ? `[${'#'.repeat(Math.round((done / this.total) * width)).padEnd(width)}] ` : '';
    process.stderr.write(`\r${this.label} ${bar}${done}${of} files, ${rate}/s\x1b[K`);
  }

  done(): void {
    if (this.enabled) process.stderr.write('\r\x1b[K');
  }
}
