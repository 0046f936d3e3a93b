/**
 * The viewer page: Files, 3D, Tree, Inspector, Hex, Census, Assembly, Skinning and Edit, linked both ways through
 * one selection (a listed file or an assembled rig, a bone, a field). The page keeps one state object
 * (`state.ts`); every change goes through `update`, which redraws the panels that depend on what changed
 * (`panels.ts`) and writes the URL, a projection of the selection, so a link reproduces the view and
 * back and forward step through the files and rigs shown.
 */
import { builtInNames, NameDictionary, type AnvilnextReading, type Dialect } from '../src/index.js';
import { openFile, type OpenedFile } from './analysis.js';
import { assembleHeldFiles, assemblyRole, type AssemblyRole, type ComponentAssembly, type HeldFile } from './assembly-tab.js';
import { count, noun } from './dom.js';
import { failedSummary, summarize, type Entry, type Listed } from './file-list.js';
import { renderHexLegend } from './hex.js';
import type { ShownAssembly } from './inspector.js';
import { entryBytesFetcher, readListedEntries } from './loading.js';
import { ArchiveEntries, type ListedArchive, type ListedArchiveEntry } from './archive-listing.js';
import { safeSummary, wireLocalFiles } from './local-files.js';
import { createPanels } from './panels.js';
import {
  hashOf,
  initialState,
  selectionOfHash,
  shownSkeleton,
  TABS,
  URL_KEYS,
  type Change,
  type Origin,
  type StateKey,
  type ViewerState,
} from './state.js';

const $ = (id: string): HTMLElement => document.getElementById(id)!;

/** The one state of the page: changed only through {@link update}. */
const state: ViewerState = initialState();

/**
 * Applies a change and redraws the panels that depend on a part it changed, in their order; then
 * writes the URL when the selection changed: a new history entry for another file or rig, the same
 * entry for another bone, none when the URL itself asked for the change.
 */
function update(change: Change, origin: Origin = 'user'): void {
  const changed = new Set(Object.keys(change) as StateKey[]);
  const before = { hash: hashOf(state), entry: state.entry, assembly: state.assembly?.id };
  Object.assign(state, change);
  for (const panel of panels) if (panel.deps.some((key) => changed.has(key))) timed(panel.name, () => panel.render(state, changed, origin));
  if (!URL_KEYS.some((key) => changed.has(key))) return;
  const hash = hashOf(state);
  if (location.hash === hash || (origin === 'url' && hash === before.hash)) return;
  const anotherView = state.entry !== before.entry || state.assembly?.id !== before.assembly;
  if (anotherView && origin !== 'url' && location.hash !== '') history.pushState(null, '', hash);
  else history.replaceState(null, '', hash);
}

/** Runs a step of a render under a performance measure, so the parts can be read back (tests, devtools). */
function timed(step: string, work: () => void): void {
  const start = performance.now();
  work();
  performance.measure(`viewer:${step}`, { start, end: performance.now() });
}

// ---- the selection ------------------------------------------------------------------------------

/** Counts the openings asked for: an opening overtaken by a later one (its bytes came late) shows nothing. */
let openings = 0;

/** A bone of the rig `next` shows, or -1 when it has none of that index. */
function boneIn(next: Pick<ViewerState, 'file' | 'assembly'>, bone: number): number {
  const skeleton = shownSkeleton({ ...state, ...next });
  return skeleton !== null && bone >= 0 && bone < skeleton.bones.length ? bone : -1;
}

function selectBone(bone: number, origin: Origin): void {
  if (boneIn(state, bone) < 0) return;
  update({ bone, span: -1 }, origin);
}

function selectSpan(span: number, bone: number, origin: Origin): void {
  if (state.file === null) return;
  // A field of the resource itself (no bone): the inspector shows the resource's fields, this one marked.
  const owner = boneIn(state, bone);
  update(owner === state.bone ? { span } : { span, bone: owner }, origin);
}

/** Shows a row (its file once read) or an assembled rig in every panel, `bone` selected when it has one. */
function show(next: { entry: Entry | null; file: OpenedFile | null; assembly: ShownAssembly | null }, bone: number, origin: Origin): void {
  update({ ...next, bone: boneIn(next, bone), span: -1 }, origin);
}

/** The entries of listed archives read so far, and their bodies (a bounded cache). */
const loads = new ArchiveEntries(undefined, (requests) => (document.body.dataset.entryReads = String(requests)));

/** An entry's bytes: kept, or fetched once from the server; a record of a listed archive through its cache. */
const fetchListed = entryBytesFetcher();
const bytesOf = (entry: Entry): Promise<Uint8Array | null> => (loads.owner(entry) !== null ? loads.bytes(entry) : fetchListed(entry));

/**
 * Reads an archive entry's data file and lists its records, each summarised (decoded and checked)
 * as it is shown; an entry holding one record shows it at once.
 */
async function expandEntry(archive: ListedArchive, item: ListedArchiveEntry): Promise<void> {
  const opening = openings;
  const load = await background.giveWay(() => loads.load(archive, item.number));
  for (const entry of load.resources)
    if (entry.bytes !== null && entry.summary === null) entry.summary = safeSummary(entry.bytes, state.settings);
  files.render(state.entries, state.archives);
  const only = load.resources.length === 1 ? load.resources[0]! : null;
  // Nothing else opened meanwhile: the one record (or the refusal) is shown.
  if (only !== null && opening === openings) await openEntry(only, -1);
}

/** Reads a row's bytes and opens them (decoded when selected), then shows it. */
async function openEntry(entry: Entry, bone: number, origin: Origin = 'list'): Promise<void> {
  const opening = ++openings;
  // The background census waits meanwhile: the selection is read first.
  const bytes = await background.giveWay(() => bytesOf(entry));
  if (opening !== openings) return;
  if (bytes === null) {
    files.update(entry);
    show({ entry, file: null, assembly: null }, -1, origin);
    return;
  }
  const started = performance.now();
  let file!: OpenedFile;
  try {
    timed('read', () => (file = openFile(entry.id, entry.name, bytes, state.settings)));
  } catch (error) {
    // Not a refusal (those are values): a fault of the page, said in the list and the inspector rather than lost.
    entry.summary = failedSummary(error);
    entry.note = entry.summary.notResource;
    files.update(entry);
    show({ entry, file: null, assembly: null }, -1, origin);
    return;
  }
  entry.summary = summarize(file);
  files.update(entry);
  show({ entry, file, assembly: null }, bone, origin);
  document.body.dataset.renderMs = (performance.now() - started).toFixed(1);
}

/** Shows a component's assembled rig in every panel: the header names it, the tree and inspector are its bones. */
function showAssembly(result: ComponentAssembly, bone = -1, origin: Origin = 'user'): void {
  if (result.assembly === null) return;
  ++openings;
  show(
    { entry: null, file: null, assembly: { id: result.component.id, name: result.component.name, assembly: result.assembly } },
    bone,
    origin,
  );
}

/**
 * The records of the listed archives' skeletal data files that assembly needs, for the Assembly
 * tab: a component's Skeletons may be anywhere in an archive, so every skeletal data file is read
 * (in the background, giving way to a selection, through the bounded cache) when the tab first
 * asks, and only the components and the Skeletons they name are kept. Null until read.
 */
let archiveRecords: HeldFile[] | null = null;
let readingArchiveRecords: Promise<void> | null = null;
/** The archives and files those records were chosen for: another archive or file dropped since, and they are chosen again. */
let recordsFor = { archives: state.archives, files: 0 };

async function readArchiveRecords(): Promise<void> {
  const chosenFor = { archives: state.archives, files: state.entries.length };
  const roles: { record: Entry; role: AssemblyRole }[] = [];
  const named = new Set<bigint>();
  const name = (role: AssemblyRole | null): void => {
    if (role?.kind === 'component') for (const id of role.names) named.add(id);
  };
  for (const e of state.entries) if (e.bytes !== null) name(assemblyRole(e.bytes, state.settings));
  for (const archive of chosenFor.archives)
    for (const item of archive.entries) {
      if (!item.skeletal) continue;
      const load = await background.giveWay(() => loads.load(archive, item.number));
      for (const record of load.resources) {
        const bytes = record.refused ? null : await loads.bytes(record);
        const role = bytes === null ? null : assemblyRole(bytes, state.settings);
        if (role === null) continue;
        name(role);
        roles.push({ record, role });
      }
    }
  // Only what assembly needs, in the archives' order (the first Skeleton carrying an id wins): read again when the cache let it go.
  const held: HeldFile[] = [];
  for (const { record, role } of roles) {
    if (role.kind === 'skeleton' && !named.has(role.id)) continue;
    const bytes = await background.giveWay(() => loads.bytes(record));
    if (bytes !== null) held.push({ id: record.id, name: record.name, bytes });
  }
  archiveRecords = held;
  recordsFor = chosenFor;
  readingArchiveRecords = null;
  // Bodies held for the Assembly tab, and in the cache: a test reads them.
  document.body.dataset.assemblyBodies = String(held.length);
  document.body.dataset.cachedBodies = String(loads.heldCount);
  // The records are in: the Assembly tab is drawn again (the files held did not change, nor their census).
  update({ assemblies: null });
}

/**
 * The components assembled over the files held (and the listed archives' records), made when first
 * needed and again after the files change; null while the listed archives' records are being read.
 */
function heldAssemblies(): ComponentAssembly[] | null {
  if (state.assemblies === null) {
    const held: HeldFile[] = [];
    for (const e of state.entries) if (e.bytes !== null) held.push({ id: e.id, name: e.name, bytes: e.bytes });
    if (state.archives.some((archive) => archive.entries.some((item) => item.skeletal))) {
      if (archiveRecords === null || recordsFor.archives !== state.archives || recordsFor.files !== state.entries.length) {
        readingArchiveRecords ??= readArchiveRecords();
        return null;
      }
      held.push(...archiveRecords);
    }
    // A cache of what the files held give, not a change of what is shown: no panel is redrawn for it.
    state.assemblies = assembleHeldFiles(held, state.settings);
  }
  return state.assemblies;
}

/** The assemblies, once the listed archives' records are read (what a URL naming an assembled rig waits for). */
async function assembliesRead(): Promise<ComponentAssembly[]> {
  const now = heldAssemblies();
  if (now !== null) return now;
  await readingArchiveRecords;
  return heldAssemblies() ?? [];
}

const { panels, files, scene, background } = createPanels(
  () => state,
  {
    selectBone,
    selectSpan,
    openEntry: (entry) => void openEntry(entry, -1),
    expandEntry: (archive, item) => void expandEntry(archive, item),
    showAssembly: (result) => showAssembly(result),
    showTab: (tab) => update({ tab }),
    heldAssemblies,
  },
  loads,
);

// ---- the URL ------------------------------------------------------------------------------------

/** The row of a listed archive's record or refused entry a URL names (`a<archive>-<entry>-<resource>`, `a<archive>-<entry>`), its data file read. */
async function listedRecord(id: string | null): Promise<Entry | null> {
  const m = /^a([^-]+)-(\d+)(?:-(\d+))?$/.exec(id ?? '');
  const archive = m === null ? undefined : state.archives.find((a) => a.id === m[1]);
  const item = archive?.entries.find((e) => e.number === Number(m![2]));
  if (archive === undefined || item === undefined) return null;
  const load = await background.giveWay(() => loads.load(archive, item.number));
  for (const entry of load.resources)
    if (entry.bytes !== null && entry.summary === null) entry.summary = safeSummary(entry.bytes, state.settings);
  return load.resources.find((e) => e.id === id) ?? null;
}

/** Shows what the URL names; returns whether it named something to show. */
async function applyUrl(): Promise<boolean> {
  const wanted = selectionOfHash(location.hash);
  if (wanted.assembly !== null) {
    if (state.assembly?.id !== wanted.assembly) {
      const result = (await assembliesRead()).find((r) => r.component.id === wanted.assembly && r.assembly !== null);
      if (result === undefined) return false;
      showAssembly(result, wanted.bone, 'url');
    } else if (wanted.bone !== state.bone) update({ bone: boneIn(state, wanted.bone), span: -1 }, 'url');
    return true;
  }
  const entry = state.entries.find((e) => e.id === wanted.file) ?? (await listedRecord(wanted.file));
  if (entry === null) return false;
  if (entry !== state.entry || state.assembly !== null) await openEntry(entry, wanted.bone, 'url');
  else if (wanted.bone !== state.bone) update({ bone: boneIn(state, wanted.bone), span: -1 }, 'url');
  // A file named by a link or the history is shown in its bytes.
  if (state.tab !== 'hex') update({ tab: 'hex' }, 'url');
  return true;
}

// ---- start -------------------------------------------------------------------------------------

/** The line saying how the first read goes, shown from the moment the page loads until every listed file is read. */
function loadProgress(text: string | null): void {
  const line = $('load-progress');
  line.classList.toggle('hidden', text === null);
  line.textContent = text ?? '';
}

async function start(): Promise<void> {
  renderHexLegend($('hex-legend'));
  wireLocalFiles({ state: () => state, update, loads, openEntry });
  $('pose-bind').addEventListener('click', () => update({ pose: 'bind' }));
  $('pose-runtime').addEventListener('click', () => update({ pose: 'runtime' }));
  $('frame-rig').addEventListener('click', () => scene.frame());
  for (const tab of TABS) $(`tab-${tab}`).addEventListener('click', () => update({ tab }));
  $('tree-search').addEventListener('input', (e) => update({ query: (e.target as HTMLInputElement).value }));
  // A link followed, or back and forward: the URL says what to show.
  window.addEventListener('popstate', () => void applyUrl());
  window.addEventListener('hashchange', () => void applyUrl());
  update({ entry: null, file: null, assembly: null, skinning: state.skinning }, 'url');

  let config: {
    files: Listed[];
    archives?: ListedArchive[];
    names?: string[];
    dialect?: Dialect | null;
    reading?: AnvilnextReading;
    everyDataFile?: boolean;
  } = {
    files: [],
  };
  try {
    const response = await fetch('api/inputs');
    if (response.ok) config = (await response.json()) as typeof config;
  } catch {
    // Opened without the server: local files only.
  }
  const dictionary = new NameDictionary(builtInNames()).add(config.names ?? []);
  const entries = config.files.map((listed): Entry => ({ ...listed, bytes: null, summary: null }));
  // The list is shown at once, each row filled in as its file is read.
  update({
    dictionary,
    everyDataFile: config.everyDataFile === true,
    settings: { dialect: config.dialect ?? null, reading: config.reading, resolve: (hash) => dictionary.resolve(hash) },
    entries,
    archives: config.archives ?? [],
  });
  // The first row is on screen: a mark for whoever measures (tests, the bench), with the data files asked for so far.
  performance.mark('viewer:listed', { detail: { entryRequests: loads.requests } });
  document.body.dataset.listed = String(loads.requests);
  const wanted = selectionOfHash(location.hash);
  const named = entries.find((e) => e.id === wanted.file) ?? null;
  let drawn = 0;
  await readListedEntries(
    entries,
    {
      bytes: bytesOf,
      read: (entry, bytes) => {
        if (bytes !== null && entry.summary === null) entry.summary = safeSummary(bytes, state.settings);
        files.update(entry);
        // The file the URL names is shown as soon as it is in, unless something else was opened meanwhile.
        if (entry === named && openings === 0) void openEntry(entry, wanted.bone, 'url');
      },
      progress: (done, total) => {
        if (done < total && done - drawn < 25 && done > 0) return;
        drawn = done;
        loadProgress(done < total ? `reading ${count(done)} of ${count(total)} ${noun(total, 'file')}…` : null);
      },
    },
    named,
  );
  loadProgress(null);
  update({ loading: false });
  if (openings === 0 && !(await applyUrl())) {
    // Without a file in the URL, the richest rig listed (the most bones) is the first view.
    const richest = entries.reduce<Entry | undefined>(
      (best, e) => ((e.summary?.bones ?? 0) > (best?.summary?.bones ?? 0) ? e : best),
      undefined,
    );
    const first = richest ?? entries[0];
    if (first !== undefined) await openEntry(first, -1, 'url');
  }
  // Every listed file is read: the reports are made (now for the tab shown, the others when shown).
  update({ revision: state.revision + 1, assemblies: null });
  document.body.dataset.ready = 'true';
}

void start();
