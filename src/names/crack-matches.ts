/** The cracker's matches: their shape, plausibility order and bounded collection per target. */

/** One name found for a hash: the name and the vocabulary words and separators it was built from. */
export interface CrackMatch {
  /** The name whose CRC-32 is the target. */
  name: string;
  /** The vocabulary words, in order. */
  words: string[];
  /** `separators[i]` joins `words[i]` and `words[i + 1]` (may be `''`). */
  separators: string[];
}

/** Every match found for one target hash, most plausible first. */
export interface CrackResult {
  /** The target hash. */
  hash: number;
  /** Most plausible first: fewest numbers inside the name, then fewest words, then by name. */
  matches: CrackMatch[];
  /** Whether more matches existed than `limit`. */
  truncated: boolean;
}

const NUMBER = /^\p{Nd}+$/u;

/** Numbers anywhere but at the end: rare in real bone names, common in chance collisions. */
function innerNumbers(match: CrackMatch): number {
  let count = 0;
  for (let i = 0; i < match.words.length - 1; i++) if (NUMBER.test(match.words[i])) count++;
  return count;
}

/** Most plausible first: fewer inner numbers, then fewer words, then by name. */
function compareMatches(a: CrackMatch, b: CrackMatch): number {
  return innerNumbers(a) - innerNumbers(b) || a.words.length - b.words.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** Collects one target's matches, keeping the `limit` most plausible in bounded memory. */
export class MatchCollector {
  private readonly byName = new Map<string, CrackMatch>();
  truncated = false;

  constructor(private readonly limit: number) {}

  add(match: CrackMatch): void {
    const known = this.byName.get(match.name);
    if (known && compareMatches(known, match) <= 0) return;
    this.byName.set(match.name, match);
    if (this.byName.size >= 2 * this.limit) this.keepBest();
  }

  private keepBest(): void {
    const kept = this.sorted().slice(0, this.limit);
    this.truncated = true;
    this.byName.clear();
    for (const match of kept) this.byName.set(match.name, match);
  }

  private sorted(): CrackMatch[] {
    return [...this.byName.values()].sort(compareMatches);
  }

  result(hash: number): CrackResult {
    const all = this.sorted();
    return { hash, matches: all.slice(0, this.limit), truncated: this.truncated || all.length > this.limit };
  }
}
