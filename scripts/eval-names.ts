/**
 * Measures the name resolution on held-out data: public hash → name pairs the dictionary is
 * built without. For each list of names found on shipped Anvil rigs (src/names/data/anvil-*.txt),
 * the dictionary is rebuilt without that list (its names stay only where another list or a
 * naming scheme gives them too), and the hashes that list's source publishes
 * (test/names/anvil-published-hashes.json) are resolved with that dictionary, the default
 * families and the default threshold, as `crack` resolves them. A resolved name counts as wrong
 * when it differs from the published name.
 *
 * None of these sources gives parent links, so no hierarchy evidence is used: every figure is the
 * dictionary and the families alone. Some families were written from the naming patterns of the
 * Wildlands and Odyssey lists (anvil-helper-families.txt says which), so for those two lists a
 * second row resolves without the families written from them: that row is the independent one.
 * The Unity and Altaïr lists lent the families nothing.
 *
 * Then it resolves, with the whole dictionary, the hashes sources publish without a name
 * (test/names/anvil-unresolved-hashes.json), and prints every known or likely name for a
 * spot-check. Run: `npx tsx scripts/eval-names.ts [--json] [--missed]` (`--missed` lists the
 * published names that stayed unresolved).
 */
import { readFileSync } from 'node:fs';
import { parseHash, formatHash } from '../src/names/crc32.js';
import { anvilRigListIds, builtInDictionary, builtInNamesWithout, NameDictionary } from '../src/names/dictionary.js';
import { defaultFamilies } from '../src/names/families.js';
import { searchFamilies } from '../src/names/family-search.js';
import { resolveRigNames, type RigName } from '../src/names/rig-names.js';

type Published = Record<string, Record<string, Record<string, string>>>;
interface Unresolved {
  source: string;
  hashes: { hash: string; label: string | null }[];
}

const published = JSON.parse(readFileSync('test/names/anvil-published-hashes.json', 'utf8')) as Published;
const unresolved = JSON.parse(readFileSync('test/names/anvil-unresolved-hashes.json', 'utf8')) as Record<string, Unresolved | string>;

function hashOf(text: string): number {
  const hash = parseHash(text);
  if (hash === null) throw new Error(`not a hash: ${text}`);
  return hash;
}

/** The families written from a list's own names (see the header of anvil-helper-families.txt). */
const FAMILIES_FROM_LIST: Readonly<Record<string, readonly string[]>> = {
  'anvil-ghost-recon-wildlands': ['numbered-helper'],
  'anvil-ac-odyssey': ['corrective', 'roll-up-down', 'face-part-side', 'face-part'],
};

function resolve(hashes: number[], dictionary: NameDictionary, leaveOut: readonly string[] = []): RigName[] {
  const families = defaultFamilies().filter((family) => !leaveOut.includes(family.id));
  const unknown = hashes.filter((hash) => dictionary.lookup(hash).length === 0);
  const { matches } = searchFamilies(unknown, families);
  return resolveRigNames({ hashes, links: [] }, { dictionary, families, matches });
}

interface HeldOutRow {
  list: string;
  /** Families left out because they were written from this list's names. */
  familiesLeftOut: readonly string[];
  hashes: number;
  known: number;
  knownWrong: number;
  likely: number;
  likelyWrong: number;
  possible: number;
  none: number;
  wrong: { hash: string; published: string; resolved: string; confidence: string }[];
  /** The published names neither known nor likely. */
  missed: string[];
}

function heldOut(list: string, leaveOut: readonly string[] = []): HeldOutRow | null {
  const sections = published[`${list}.txt`];
  if (!sections) return null;
  const truth = new Map<number, string>();
  for (const pairs of Object.values(sections)) for (const [name, hash] of Object.entries(pairs)) truth.set(hashOf(hash), name);
  const dictionary = new NameDictionary(builtInNamesWithout(list));
  const results = resolve([...truth.keys()], dictionary, leaveOut);
  const row: HeldOutRow = {
    list,
    familiesLeftOut: leaveOut,
    hashes: truth.size,
    known: 0,
    knownWrong: 0,
    likely: 0,
    likelyWrong: 0,
    possible: 0,
    none: 0,
    wrong: [],
    missed: [],
  };
  for (const result of results) {
    const wrong = result.name !== null && result.name !== truth.get(result.hash);
    if (result.confidence === 'known') row.known++;
    else if (result.confidence === 'likely') row.likely++;
    else if (result.confidence === 'possible') row.possible++;
    else row.none++;
    if (result.name === null) row.missed.push(truth.get(result.hash)!);
    if (wrong) {
      if (result.confidence === 'known') row.knownWrong++;
      else row.likelyWrong++;
      row.wrong.push({
        hash: formatHash(result.hash),
        published: truth.get(result.hash)!,
        resolved: result.name!,
        confidence: result.confidence!,
      });
    }
  }
  return row;
}

const rows = anvilRigListIds()
  .flatMap((list) => [heldOut(list), FAMILIES_FROM_LIST[list] ? heldOut(list, FAMILIES_FROM_LIST[list]) : null])
  .filter((row): row is HeldOutRow => row !== null);
/** The independent rows: each list once, without the families written from it. */
const independent = rows.filter((row) => row.familiesLeftOut.length > 0 || !FAMILIES_FROM_LIST[row.list]);

const spotChecks: {
  source: string;
  hash: string;
  label: string | null;
  name: string;
  confidence: string;
  family: string;
  expectedChance: number;
}[] = [];
const unresolvedCounts: { source: string; hashes: number; known: number; likely: number; possible: number }[] = [];
for (const [source, entry] of Object.entries(unresolved)) {
  if (typeof entry === 'string') continue;
  const labels = new Map(entry.hashes.map((h) => [hashOf(h.hash), h.label]));
  const results = resolve([...labels.keys()], builtInDictionary());
  const count = { source, hashes: labels.size, known: 0, likely: 0, possible: 0 };
  for (const result of results) {
    if (result.confidence === 'possible') count.possible++;
    if (result.name === null) continue;
    if (result.confidence === 'known') count.known++;
    else count.likely++;
    spotChecks.push({
      source,
      hash: formatHash(result.hash),
      label: labels.get(result.hash) ?? null,
      name: result.name,
      confidence: result.confidence!,
      family: result.family!,
      expectedChance: result.expectedChance!,
    });
  }
  unresolvedCounts.push(count);
}

const total = independent.reduce(
  (sum, row) => ({
    hashes: sum.hashes + row.hashes,
    resolved: sum.resolved + row.known + row.likely,
    wrong: sum.wrong + row.knownWrong + row.likelyWrong,
  }),
  { hashes: 0, resolved: 0, wrong: 0 },
);

const percent = (part: number, whole: number): string => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`);

if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify({ heldOut: rows, total, unresolved: unresolvedCounts, spotChecks }, null, 2)}\n`);
} else {
  const out: string[] = ['Held out one list at a time (dictionary without it; default families; no hierarchy):', ''];
  out.push('list                                            hashes  known  likely  possible  none  resolved  wrong');
  for (const row of rows) {
    const resolved = row.known + row.likely;
    const label = row.list + (row.familiesLeftOut.length > 0 ? ' (own families out)' : '');
    const cells = [row.hashes, row.known, row.likely, row.possible, row.none].map((n, i) => String(n).padStart([6, 6, 7, 9, 5][i]));
    out.push(
      `${label.padEnd(47)} ${cells.join(' ')}  ${percent(resolved, row.hashes).padStart(8)}  ${String(row.knownWrong + row.likelyWrong).padStart(5)}`,
    );
  }
  out.push(
    '',
    `all lists, each without its own families: ${total.resolved} of ${total.hashes} hashes resolved (${percent(total.resolved, total.hashes)}), ${total.wrong} wrong (${percent(total.wrong, total.resolved)} of those resolved)`,
  );
  if (process.argv.includes('--missed')) for (const row of independent) out.push(`  missed in ${row.list}: ${row.missed.join(' ')}`);
  for (const row of rows)
    for (const w of row.wrong)
      out.push(`  wrong in ${row.list}: ${w.hash} published ${w.published}, resolved ${w.resolved} (${w.confidence})`);
  out.push('', 'Hashes published without a name (whole dictionary):');
  for (const count of unresolvedCounts)
    out.push(`  ${count.source}: ${count.hashes} hashes, ${count.known} known, ${count.likely} likely, ${count.possible} only possible`);
  for (const check of spotChecks) {
    out.push(
      `  ${check.source} ${check.hash} ${check.name} (${check.confidence}, ${check.family}, chance ${check.expectedChance.toPrecision(2)})${check.label ? `; label: ${check.label}` : ''}`,
    );
  }
  process.stdout.write(`${out.join('\n')}\n`);
}
