/**
 * Choosing and naming what an archive holds: class names of resource records, the data files that
 * can hold a Skeleton, `--class` and `--name` filters, the labels every message and report gives
 * entries and resources, and file names made safe from entry and resource names an archive controls.
 * Browser-safe (no Node module): the viewer names downloads the same way.
 */
import { CLASS } from '../formats/classes.js';
import { formatAddress } from '../io/address.js';
import { hex } from '../io/format.js';
import type { ForgeEntry } from './forge.js';

const CLASS_NAMES = new Map<number, string>(Object.entries(CLASS).map(([name, hash]) => [hash >>> 0, name]));

/** The class a hash names when the project knows it (`Skeleton`, `SkeletonComponent`, …), else null. */
export function forgeClassName(classHash: number): string | null {
  return CLASS_NAMES.get(classHash >>> 0) ?? null;
}

/** The class hashes a list of names or hex hashes stands for, e.g. `Skeleton,0x71FDA747`; null for `all`. Throws an Error naming an unknown class. */
export function parseForgeClasses(list: string): Set<number> | null {
  const parts = list
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.some((p) => p.toLowerCase() === 'all')) return null;
  const hashes = new Set<number>();
  for (const part of parts) {
    const known = Object.entries(CLASS).find(([name]) => name.toLowerCase() === part.toLowerCase());
    if (known !== undefined) hashes.add(known[1] >>> 0);
    else if (/^(0x)?[0-9a-f]{1,8}$/i.test(part)) hashes.add(Number.parseInt(part.replace(/^0x/i, ''), 16) >>> 0);
    else throw new Error(`unknown class "${part}" (a class name such as Skeleton, a hex hash such as 0x24AECB7C, or all)`);
  }
  if (hashes.size === 0) throw new Error('an empty class list (give class names, hex hashes, or all)');
  return hashes;
}

/** A shell-style glob (`*` any run, `?` one character, case-insensitive) as a test of whole names. */
export function forgeNameMatcher(glob: string): (name: string) => boolean {
  const pattern = [...glob].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&'))).join('');
  const re = new RegExp(`^${pattern}$`, 'is');
  return (name) => re.test(name);
}

/** Windows device names, refused as a file name whatever their extension. */
const DEVICE_NAMES = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * One path component made safe from a name an archive controls: NUL and control characters,
 * path separators (`/`, `\`), a drive colon and the other characters Windows refuses become `_`,
 * as does every dot of a run of two or more (no `..` survives) and every dot or space at either
 * end (so `.` is `_`); an empty result is `fallback`, a Windows device name gets a leading `_`. Never throws; the result is never
 * empty, never a path of more than one component, and at most 201 bytes of UTF-8.
 */
export function safeForgeName(name: string, fallback: string): string {
  let safe = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_');
  // Room for a class extension and a collision suffix within the usual 255-byte limit of a name.
  safe = withinUtf8Bytes(safe, 200);
  // No `..` anywhere (harmless inside one component, but never worth a second look), no dot or space at an edge.
  safe = safe.replace(/\.{2,}/g, (dots) => '_'.repeat(dots.length));
  safe = safe.replace(/^[ .]+|[ .]+$/g, (edge) => edge.replace(/./g, '_'));
  if (safe === '') safe = fallback;
  if (DEVICE_NAMES.test(safe)) safe = `_${safe}`;
  return safe;
}

/** The longest prefix of whole code points whose UTF-8 form is at most `limit` bytes. */
function withinUtf8Bytes(text: string, limit: number): string {
  let bytes = 0;
  let end = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes > limit) break;
    end += ch.length;
  }
  return text.slice(0, end);
}

/**
 * Gives each name a unique form, case-insensitively (a case-insensitive file system must not
 * merge two outputs): the second `a.Skeleton` becomes `a~2.Skeleton`. Returns the names in order
 * and which of them were changed.
 */
export class UniqueNames {
  private readonly used = new Set<string>();

  /** `name` itself when unused, else the first free `stem~N.ext`. */
  take(name: string): string {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const ext = dot > 0 ? name.slice(dot) : '';
    for (let n = 2; this.used.has(candidate.toLowerCase()); n++) candidate = `${stem}~${n}${ext}`;
    this.used.add(candidate.toLowerCase());
    return candidate;
  }
}

/** The extension of an extracted resource: its class name when known, else its hash in hex (`0x1234ABCD`). */
export function forgeClassExtension(classHash: number): string {
  return forgeClassName(classHash) ?? hex(classHash >>> 0);
}

/** Whether bytes start with the archive magic `scimitar\0` (a `.forge` file whatever its name). */
export function isForgeHeader(head: Uint8Array): boolean {
  const magic = [0x73, 0x63, 0x69, 0x6d, 0x69, 0x74, 0x61, 0x72, 0x00];
  return head.length >= magic.length && magic.every((b, i) => head[i] === b);
}

/**
 * Whether an index entry's data file can hold a Skeleton or SkeletonComponent, by the type the
 * name table gives it. As every public reader reads it (docs/archives.md): that type is the class of the data file's first
 * resource, so a Skeleton behind another first resource is in a data file of another type (a
 * census or listing that must find it reads every data file). Never throws.
 */
export function forgeEntryMayHoldSkeleton(entry: Pick<ForgeEntry, 'resourceType'>): boolean {
  return isSkeletalClass(entry.resourceType);
}

/**
 * The entries whose data files a reader of Skeletons reads: those {@link forgeEntryMayHoldSkeleton}
 * accepts, in index order, or every entry when `everyDataFile` (to find a Skeleton behind another
 * first resource); never the archive's bookkeeping entries, which are no data files. Never throws.
 */
export function forgeEntriesToRead<E extends Pick<ForgeEntry, 'resourceType' | 'bookkeeping'>>(
  entries: readonly E[],
  everyDataFile: boolean,
): readonly E[] {
  return entries.filter((e) => e.bookkeeping === null && (everyDataFile || forgeEntryMayHoldSkeleton(e)));
}

/** How many of the entries are the archive's own bookkeeping records (listed, never read as data files). Never throws. */
export function bookkeepingEntryCount(entries: readonly Pick<ForgeEntry, 'bookkeeping'>[]): number {
  let count = 0;
  for (const entry of entries) if (entry.bookkeeping !== null) count++;
  return count;
}

/** Whether a class hash is Skeleton's or SkeletonComponent's, the two classes the project reads. Never throws. */
export function isSkeletalClass(classHash: number): boolean {
  const type = classHash >>> 0;
  return type === CLASS.Skeleton || type === CLASS.SkeletonComponent;
}

/** `entry 3 "ACU_Arno.Skeleton"`: an index entry's number and name as every message gives them (formatAddress's words for an entry). Never throws. */
export function forgeEntryLabel(entry: Pick<ForgeEntry, 'number' | 'name'>): string {
  // The address's words without its file: formatAddress is the one place they are chosen.
  const file = '';
  return formatAddress({ file, entry: { number: entry.number, name: entry.name } }).slice(file.length + 2);
}

/**
 * `archive.forge: entry 3 "name": resource 1 "name"`: where a resource sits, as the census,
 * `validate` and the viewer name it; formatAddress of its address. Never throws.
 */
export function forgeResourceLabel(archive: string, entry: Pick<ForgeEntry, 'number' | 'name'>, index: number, name: string): string {
  return formatAddress({ file: archive, archive: true, entry: { number: entry.number, name: entry.name }, resource: { index, name } });
}
