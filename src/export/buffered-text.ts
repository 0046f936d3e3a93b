/**
 * Text handed on in pieces of about {@link BUFFERED_TEXT_PIECE} characters rather than as it is
 * made: a streamed report of many small parts (one per file) costs a write each otherwise, and on
 * a file or a pipe every write is a system call. Memory stays bounded by the piece size.
 */

/** About how many characters are collected before they are handed on. */
export const BUFFERED_TEXT_PIECE = 1 << 16;

export class BufferedText {
  private parts: string[] = [];
  private length = 0;

  /** `write` receives each piece (the collected parts joined). */
  constructor(
    private readonly write: (text: string) => unknown,
    private readonly piece = BUFFERED_TEXT_PIECE,
  ) {}

  /** Adds `text`; hands the collected text on once it reaches the piece size. */
  add(text: string): void {
    this.parts.push(text);
    this.length += text.length;
    if (this.length >= this.piece) this.flush();
  }

  /** Hands on whatever was collected (nothing when nothing was). */
  flush(): void {
    if (this.parts.length === 0) return;
    const text = this.parts.length === 1 ? this.parts[0]! : this.parts.join('');
    this.parts = [];
    this.length = 0;
    this.write(text);
  }
}
