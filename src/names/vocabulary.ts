/**
 * The cracker's built-in vocabulary, derived from the names the naming schemes generate and the
 * words a new user found missing. The names found on shipped rigs are resolved as
 * known names but lend no words: every word added multiplies the candidates of a many-word
 * search, and with them its chance matches.
 */
import { ANATOMY_WORDS } from './data/lists.js';
import { schemeNames } from './dictionary.js';

/**
 * Splits a name into vocabulary words: at case changes (`ForeArm` → Fore, Arm; `COMData` → COM,
 * Data), digits, `_` and `-`. Digit runs are dropped: numbers come from the vocabulary's 0–99.
 */
export function splitNameIntoWords(name: string): string[] {
  return name.match(/\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+/gu) ?? [];
}

/**
 * The built-in vocabulary for {@link crackHashes}: every word of the names the built-in naming
 * schemes generate (see `schemeNames`), the words a new user found missing (anatomy-words.txt
 * [user-vocabulary]: Knee, Elbow, Wrist, Eyelid, Cape, Scabbard, ...), the numbers 0–99, and the
 * separator `_`. Never throws.
 */
export function defaultVocabulary(): { words: string[]; separators: string[] } {
  const words = new Set<string>();
  for (const name of schemeNames()) for (const word of splitNameIntoWords(name)) words.add(word);
  for (const word of ANATOMY_WORDS.userVocabulary) words.add(word);
  for (let n = 0; n <= 99; n++) words.add(String(n));
  return { words: [...words], separators: ['_'] };
}
