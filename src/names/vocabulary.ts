/** The cracker's built-in vocabulary, derived from the built-in dictionary's names. */
import { builtInNames } from './dictionary.js';

/**
 * Splits a name into vocabulary words: at case changes (`ForeArm` → Fore, Arm; `COMData` → COM,
 * Data), digits, `_` and `-`. Digit runs are dropped: numbers come from the vocabulary's 0–99.
 */
export function splitNameIntoWords(name: string): string[] {
  return name.match(/\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+/gu) ?? [];
}

/**
 * The built-in vocabulary for {@link crackHashes}: every word of the built-in dictionary's names, the numbers 0–99, and the separator `_`. Never throws.
 */
export function defaultVocabulary(): { words: string[]; separators: string[] } {
  const words = new Set<string>();
  for (const name of builtInNames()) for (const word of splitNameIntoWords(name)) words.add(word);
  for (let n = 0; n <= 99; n++) words.add(String(n));
  return { words: [...words], separators: ['_'] };
}
