/**
 * Addressing one resource inside an archive: an entry by its number or name, a resource of its data
 * file by index, hex id or name (or, when the data file holds a single Skeleton or
 * SkeletonComponent, by nothing at all), and the address every result and refusal then carries.
 * A wrong address is a {@link ForgeAddressError} of one kind, worded once here. Browser-safe.
 */
import { classifyHeader, describeHeader, type HeaderClass } from '../formats/resource.js';
import type { LayoutName } from '../formats/dialect.js';
import type { ResourceAddress } from '../io/address.js';
import { formatAddress } from '../io/address.js';
import { ParseError, type Refusal } from '../io/errors.js';
import { count } from '../io/format.js';
import type { RefusalReport } from '../io/address.js';
import type { Forge, ForgeEntry } from './forge.js';
import { readDataFile, type ForgeResource } from './forge-data-file.js';
import { forgeClassExtension, isSkeletalClass } from './forge-select.js';

/** The address of an archive's entry: `archive`, `entry` (its data file). Never throws. */
export function forgeEntryAddress(archive: string, entry: Pick<ForgeEntry, 'number' | 'name'>): ResourceAddress {
  return { file: archive, archive: true, entry: { number: entry.number, name: entry.name } };
}

/** The address of the record `index` (named `name`) of an entry's data file. Never throws. */
export function forgeResourceAddress(
  archive: string,
  entry: Pick<ForgeEntry, 'number' | 'name'>,
  index: number,
  name: string,
): ResourceAddress {
  return { ...forgeEntryAddress(archive, entry), resource: { index, name } };
}

/**
 * The report of a refusal of an archive's own tables (not of a data file in it): the message
 * `archive refused at offset …`, where a data file's or a resource's refusal reads `refused at …`
 * (`refusalReport`). Never throws.
 */
export function archiveRefusalReport(refusal: Refusal): RefusalReport {
  return {
    offset: refusal.offset,
    path: refusal.path,
    expected: refusal.expected,
    actual: refusal.actual,
    message: `archive refused at ${refusal.message}`,
  };
}

/**
 * What is wrong with an address: `entry-ambiguous` (several entries have the name), `entry-unknown`
 * (no entry has that number or name), `resource-unknown` (no record has that index, id or name),
 * `resource-needed` (the data file holds several Skeletons and SkeletonComponents, and none was
 * named), `no-skeletal` (it holds none, and none was named), `not-a-resource` (the record named is
 * of no class and layout the project reads). The first four are the caller's mistake, the last two
 * the archive's content.
 */
export type ForgeAddressProblem =
  'entry-ambiguous' | 'entry-unknown' | 'resource-unknown' | 'resource-needed' | 'no-skeletal' | 'not-a-resource';

/** An address that names no resource, or not one alone: its kind, the address it got to, and the message. */
export class ForgeAddressError extends Error {
  /** Always `ForgeAddressError`. */
  override name = 'ForgeAddressError';
  /** What `message` says is wrong with the address: the kind of mistake, for the caller to act on. */
  readonly problem: ForgeAddressProblem;
  /** As far as the address was resolved: the archive, its entry when found, the resource when found. */
  readonly address: ResourceAddress;

  /** `message` is the whole text, its address first. */
  constructor(problem: ForgeAddressProblem, address: ResourceAddress, message: string) {
    super(message);
    this.problem = problem;
    this.address = address;
  }

  /** Whether the address given is wrong (rather than the archive not holding what a command reads). */
  get isUsage(): boolean {
    return this.problem !== 'no-skeletal' && this.problem !== 'not-a-resource';
  }
}

/**
 * The entry `wanted` names among `entries`: a name held by one entry, else a number; a name held
 * by several, or neither, is a ForgeAddressError (`entry-ambiguous`, `entry-unknown`).
 */
export function findForgeEntry(entries: readonly ForgeEntry[], wanted: string, archive: string): ForgeEntry {
  const where: ResourceAddress = { file: archive, archive: true };
  const byName = entries.filter((e) => e.name === wanted);
  if (byName.length === 1) return byName[0]!;
  if (byName.length > 1)
    throw new ForgeAddressError(
      'entry-ambiguous',
      where,
      `${archive}: ${byName.length} entries are named ${JSON.stringify(wanted)} (numbers ${byName.map((e) => e.number).join(', ')}); give --entry a number`,
    );
  if (/^\d+$/.test(wanted)) {
    const entry = entries.find((e) => e.number === Number(wanted));
    if (entry !== undefined) return entry;
  }
  throw new ForgeAddressError(
    'entry-unknown',
    where,
    `${archive}: no entry numbered or named ${JSON.stringify(wanted)} (forge list shows them)`,
  );
}

/**
 * The index of the record `wanted` names among a data file's `resources` (at `where`, an entry's
 * address): a name held by one record, else an index, else a hex id (`0x…`). With nothing wanted,
 * the data file's single Skeleton or SkeletonComponent. Otherwise a ForgeAddressError
 * (`resource-unknown`, `resource-needed`, `no-skeletal`).
 */
export function findForgeResource(resources: readonly ForgeResource[], wanted: string | undefined, where: ResourceAddress): number {
  const label = formatAddress(where);
  if (wanted === undefined) {
    const skeletal = resources.flatMap((r, i) => (isSkeletalClass(r.classHash) ? [i] : []));
    if (skeletal.length === 1) return skeletal[0]!;
    if (skeletal.length === 0) {
      const classes = [...new Set(resources.map((r) => forgeClassExtension(r.classHash)))].join(', ');
      throw new ForgeAddressError(
        'no-skeletal',
        where,
        `${label}: holds no Skeleton or SkeletonComponent (${count(resources.length, 'resource')}: ${classes || 'none'}; forge list --resources shows them)`,
      );
    }
    throw new ForgeAddressError(
      'resource-needed',
      where,
      `${label}: holds ${skeletal.length} Skeletons and SkeletonComponents; choose one with --resource (index, hex id or name; forge list --resources shows them)`,
    );
  }
  const byName = resources.flatMap((r, i) => (r.name === wanted ? [i] : []));
  if (byName.length === 1) return byName[0]!;
  if (/^\d+$/.test(wanted) && Number(wanted) < resources.length) return Number(wanted);
  if (/^0x[0-9a-f]+$/i.test(wanted)) {
    const id = BigInt(wanted);
    const byId = resources.findIndex((r) => r.id === id);
    if (byId >= 0) return byId;
  }
  throw new ForgeAddressError('resource-unknown', where, `${label}: no resource with index, id or name ${JSON.stringify(wanted)}`);
}

/** A resource found by its address in an archive: its bytes, the class and layout its header names, and where it is. */
export interface AddressedResource {
  /** The record's body. */
  bytes: Uint8Array;
  /** The class and layout its header names (the most likely first). */
  header: HeaderClass;
  /** Archive, entry and resource. */
  address: ResourceAddress;
}

/** A record found by its address in an archive: its entry, its index among the data file's records, the record, and where it is. */
export interface LocatedForgeResource {
  /** The entry whose data file holds the record. */
  entry: ForgeEntry;
  /** The record's index among the data file's records. */
  index: number;
  /** The record itself. */
  resource: ForgeResource;
  /** Archive, entry and resource. */
  address: ResourceAddress;
}

/**
 * The record `entryWanted` and `resourceWanted` address in `forge` (named `archive` in addresses):
 * a wrong address is a ForgeAddressError; a refused data file is its ParseError placed at the
 * entry (`Refusal.at`, its offset the archive's); a failing source rejects as it fails.
 */
export async function locateForgeResource(
  forge: Pick<Forge, 'entries' | 'source' | 'version' | 'tables' | 'profile' | 'tocRecord'>,
  archive: string,
  entryWanted: string,
  resourceWanted: string | undefined,
): Promise<LocatedForgeResource> {
  const entry = findForgeEntry(forge.entries, entryWanted, archive);
  const entryAddress = forgeEntryAddress(archive, entry);
  let resources: ForgeResource[];
  try {
    resources = (await readDataFile(forge, entry)).resources;
  } catch (error) {
    if (error instanceof ParseError) throw error.at(entryAddress);
    throw error;
  }
  const index = findForgeResource(resources, resourceWanted, entryAddress);
  const resource = resources[index]!;
  return { entry, index, resource, address: forgeResourceAddress(archive, entry, index, resource.name) };
}

/**
 * Reads the resource `entryWanted` and `resourceWanted` address in `forge`, as
 * {@link locateForgeResource} finds it; a record of no class and layout the project reads is a
 * ForgeAddressError (`not-a-resource`).
 */
export async function readForgeResource(
  forge: Pick<Forge, 'entries' | 'source' | 'version' | 'tables' | 'profile' | 'tocRecord'>,
  archive: string,
  entryWanted: string,
  resourceWanted: string | undefined,
  dialect?: LayoutName,
): Promise<AddressedResource> {
  const { resource, address } = await locateForgeResource(forge, archive, entryWanted, resourceWanted);
  const header = classifyHeader(resource.body, dialect)[0];
  if (header === undefined)
    throw new ForgeAddressError(
      'not-a-resource',
      address,
      `${formatAddress(address)}: not a Skeleton or SkeletonComponent (${describeHeader(resource.body, dialect)})`,
    );
  return { bytes: resource.body, header, address };
}
