/**
 * Candidate name families: templates such as `<Prefix>_<Word>_<NN>` whose slots are filled from
 * the name lists in `data/`. A family knows its size, so a match it yields comes with the number
 * of matches chance alone would give: a 32-bit hash matches a wrong name with probability 2⁻³²,
 * so trying `size` names against `targets` hashes yields `size × targets / 2³²` chance matches.
 */
import { ANATOMY_WORDS, ANVIL_HELPER_FAMILIES, ANVIL_HELPERS, BIPED, CHAINS } from './data/lists.js';
import { humanIkNames } from './dictionary.js';

/** A template of names: every name is one value of each slot, concatenated in order. */
export interface NameFamily {
  /** Short id, e.g. `prefix-word-nn`. */
  id: string;
  /** The template in words, e.g. `<Prefix>_<Word>_<NN>`. */
  template: string;
  /** The values of each slot; a slot of one value is a fixed part such as `_`. */
  slots: readonly (readonly string[])[];
}

const HASH_SPACE = 2 ** 32;

/**
 * Names a family tries: the product of its slot sizes (a name built two ways counts twice, which
 * only overstates the chance). Never throws.
 */
export function familySize(family: NameFamily): number {
  return family.slots.reduce((size, slot) => size * slot.length, 1);
}

/**
 * Matches chance alone would give when `names` names are tried against `targets` distinct hashes:
 * `names × targets / 2³²`. Never throws.
 */
export function expectedChanceMatches(names: number, targets: number): number {
  return (names * targets) / HASH_SPACE;
}

function numbers(from: number, to: number, width = 0): string[] {
  const out: string[] = [];
  for (let n = from; n <= to; n++) out.push(String(n).padStart(width, '0'));
  return out;
}

const unique = (...lists: (readonly string[])[]): string[] => [...new Set(lists.flat())];

let defaults: readonly NameFamily[] | null = null;

/**
 * The built-in families (built once; frozen): sided parts, helper prefixes, attach points, numbered
 * chains and bones, Biped links, each filled from the lists in `data/`. Never throws.
 */
export function defaultFamilies(): readonly NameFamily[] {
  defaults ??= Object.freeze(buildDefaultFamilies());
  return defaults;
}

function buildDefaultFamilies(): NameFamily[] {
  const words = unique(ANATOMY_WORDS.body, ANATOMY_WORDS.face, ANATOMY_WORDS.gear, ANATOMY_WORDS.helpers);
  const chains = CHAINS.chainWords;
  const prefixes = ANVIL_HELPERS.familyPrefixes;
  const sides = ANVIL_HELPERS.familySides;
  const suffixSides = ANVIL_HELPERS.familySuffixSides;
  const digit = ['', ...numbers(0, 9)];
  const twoDigits = numbers(0, 99, 2);
  const chainNumbers = unique(numbers(1, 99), twoDigits);
  const humanIk = unique(humanIkNames());
  const points = unique(words, humanIk);
  const family = (id: string, template: string, ...slots: (readonly string[])[]): NameFamily => ({ id, template, slots });
  return [
    family('side-part-digit', '<Side><Part><Digit>', sides, words, digit),
    family('part-digit-side', '<Part><Digit><_Side>', words, digit, suffixSides),
    family('prefix-word-digit', '<Prefix>_<Word><Digit>', prefixes, ['_'], words, digit),
    family('prefix-side-word-digit', '<Prefix>_<Side><Word><Digit>', prefixes, ['_'], sides, words, digit),
    family('prefix-word-nn', '<Prefix>_<Word>_<NN>', prefixes, ['_'], words, ['_'], twoDigits),
    family('prefix-humanik', '<Prefix>_<HumanIK name>', prefixes, ['_'], humanIk),
    family('attach-align', 'A_<Point>_Align', ['A_'], points, ['_Align']),
    family('tag', '<Point><Digit>_Tag', points, digit, ['_Tag']),
    family('chain-number', '<Chain><Sep><N>', chains, ['', '_'], chainNumbers),
    family('side-chain-number', '<Side><Chain><Sep><N>', sides, chains, ['', '_'], chainNumbers),
    family('chain-side-number', '<Chain>_<N><_Side>', chains, ['_'], chainNumbers, suffixSides),
    family('chain-word-nn', '<Chain>_<Word>_<NN>', chains, ['_'], words, ['_'], twoDigits),
    family('numbered-bone', 'Bone<Sep><N>', ['Bone'], ['', '_', ' '], unique(numbers(0, 999), twoDigits, numbers(0, 999, 3))),
    family('word-word-digit', '<Word><Sep><Word><Digit>', words, ['', '_'], words, digit),
    family('biped-link', '<Bip01> <Chain><N>', BIPED.roots, [' '], BIPED.chains, numbers(1, 25)),
    ...helperFamilies(words, humanIk, chains),
  ];
}

/** The helper patterns of shipped Anvil rigs (anvil-helper-families.txt), each a family of its own. */
function helperFamilies(words: readonly string[], humanIk: readonly string[], chains: readonly string[]): NameFamily[] {
  const patterns = ANVIL_HELPER_FAMILIES;
  const sides = ['Left', 'Right'];
  const digit = ['', ...numbers(1, 9)];
  const family = (id: string, template: string, ...slots: (readonly string[])[]): NameFamily => ({ id, template, slots });
  return [
    family('numbered-helper', '<O_|L_><NN><HumanIK name>', patterns.numberedHelperPrefixes, numbers(1, 9, 2), humanIk),
    family('corrective', 'C_<Side><Part>', patterns.correctivePrefixes, sides, words),
    family('roll-up-down', 'R_<Side><Part><Roll|Twist><_U|_D|Digit>', patterns.rollPrefixes, sides, words, patterns.rollKinds, [
      ...patterns.rollEnds,
      ...digit,
    ]),
    family('face-part-side', 'Fx_<Part>_<Side><Digit>', patterns.facePrefixes, patterns.faceParts, ['_'], patterns.faceSides, digit),
    family('face-part', 'Fx_<Part><Digit>', patterns.facePrefixes, patterns.faceParts, digit),
    family('side-part-twist', '<Side>_<Part><_Twist|Twist|_Roll><N>', patterns.twistSides, ['_'], words, patterns.twistKinds, [
      ...digit,
      ...numbers(1, 9, 2),
    ]),
    family('chain-side-nn', '<Chain>_<L|R|M|C>_<NN>', chains, ['_'], patterns.chainSides, ['_'], unique(numbers(1, 30), numbers(0, 30, 2))),
  ];
}
