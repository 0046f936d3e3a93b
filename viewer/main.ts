/**
 * The viewer page: Files, 3D, Tree, Inspector, Hex, Census, Assembly, Skinning and Edit, linked both ways through
 * one selection (a listed file or an assembled rig, a bone, a field), kept in the URL hash so a link reproduces
 * the view. Every change of selection goes through `showSelection`, which redraws every panel, so none is left
 * on what was shown before.
 */
import {
  builtInNames,
  CensusAccumulator,
  classifyHeader,
  censusMarkdown,
  NameDictionary,
  runtimeWorldTransforms,
  type AnvilnextReading,
  type Dialect,
  type Skeleton,
  type Transform,
} from '../src/index.js';
import { isArchiveFile, readArchiveFile } from './archive.js';
import { boneOfSpan, openFile, regionAt, type OpenedFile, type ReadSettings } from './analysis.js';
import { HexView, renderHexLegend } from './hex.js';
import { renderMarkdown } from './markdown.js';
import { assembleHeldFiles, renderAssemblies, type ComponentAssembly, type HeldFile } from './assembly-tab.js';
import { count, el, nameOrHash, noun, plural } from './dom.js';
import { failedSummary, FilesPanel, summarize, summarizeBytes, type Entry, type Listed } from './file-list.js';
import { renderInspector, type ShownAssembly } from './inspector.js';
import { readListedEntries } from './loading.js';
import { ReplacePanel } from './replace-panel.js';
import { holdSkinningInput, recogniseSkinningInput, renderSkinning, type SkinningState } from './skinning-tab.js';
import { SceneView } from './scene.js';
import { renderTree } from './tree-panel.js';
import { spanValue, hexOffset } from './values.js';
import { worstSeverity, type Severity } from './verdict.js';

type Pose = 'bind' | 'runtime';

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;

// ---- state -------------------------------------------------------------------------------------

const entries: Entry[] = [];
let settings: ReadSettings = { dialect: null, reading: undefined, resolve: () => null };
let dictionary = new NameDictionary(builtInNames());
/** The selected entry (null when an assembled rig or nothing is shown), and its file once read. */
let currentEntry: Entry | null = null;
let current: OpenedFile | null = null;
/** An assembled rig shown in every panel in place of a file, until a file is shown again. */
let assembly: ShownAssembly | null = null;
let selectedBone = -1;
let selectedSpan = -1;
let pose: Pose = 'bind';
let localCount = 0;
/** Counts the openings asked for: an opening overtaken by a later one (its bytes came late) shows nothing. */
let openings = 0;
/** The files the server listed are being read for the first time. */
let loading = true;
/** `--every-data-file`, as the server was started: archives opened here read the same data files. */
let everyDataFile = false;
const skinning: SkinningState = { meshBones: null, palette: null, constants: [], refused: [] };
/** The components assembled over the files held, made when first needed and again after the files change. */
let assemblies: ComponentAssembly[] | null = null;
/** Fetches under way, so a file asked for twice (the first read, a click) is fetched once. */
const fetching = new Map<Entry, Promise<Uint8Array | null>>();

const resolveName = (hash: number): string | null => dictionary.resolve(hash);
const nameOf = (hash: number): string => nameOrHash(resolveName)(hash);

/** The rig every panel shows: the assembled one, or the selected file's. */
const shownSkeleton = (): Skeleton | null => assembly?.assembly.skeleton ?? current?.skeleton ?? null;

const boneName = (bone: number): string => {
  const hash = shownSkeleton()?.bones[bone]?.nameHash;
  return hash === undefined ? `bone ${bone}` : nameOf(hash);
};

/** Per bone of the selected file, how badly the checks failing at it fail; none for an assembled rig. */
function boneSeverities(): Map<number, Severity> {
  const severities = new Map<number, Severity>();
  if (assembly !== null || current === null) return severities;
  for (const [bone, failures] of current.failuresByBone) {
    const severity = worstSeverity(failures.map((f) => f.check));
    if (severity !== null) severities.set(bone, severity);
  }
  return severities;
}

// ---- panels ------------------------------------------------------------------------------------

const hex = new HexView($('hex-scroll'), $('hex-sizer'), $('hex-rows'), $('hex-tip'), {
  pick: (offset) => pickByte(offset),
  describe: (offset) => {
    if (current === null) return null;
    const region = regionAt(current.regions, offset);
    if (region < 0) return null;
    const owner = current.regions.owner[region]!;
    if (owner === -2) return { path: '(after the refusal: not read)', confidence: '', type: '', value: '' };
    if (owner === -1) return { path: '(outside every field)', confidence: '', type: '', value: '' };
    const span = current.spans[owner]!;
    const info = current.fieldInfo(span.path);
    const leaf = current.regions.leaf[region] === 1;
    return {
      path: leaf ? span.path : `${span.path} (count or tag)`,
      confidence: info?.confidence ?? '',
      type: info?.type ?? '',
      value: leaf ? spanValue(current, owner) : '',
    };
  },
});

const scene = new SceneView($('scene-host'), $('scene-label'), { pick: (bone) => selectBone(bone, 'scene') });

const files = new FilesPanel($('file-list'), (entry) => void openEntry(entry, -1));

const edits = new ReplacePanel({ settings: () => settings, showTab: () => showTab('edit') });

function drawTree(): void {
  const skeleton = shownSkeleton();
  const severities = boneSeverities();
  renderTree($('tree-list'), $('tree-count'), {
    rig: skeleton === null ? null : { bones: skeleton.bones, severity: (bone) => severities.get(bone) ?? null },
    empty:
      currentEntry === null
        ? 'no file open'
        : current === null
          ? 'not read: no bone hierarchy'
          : current.refusal !== null
            ? 'refused: no bone hierarchy was read'
            : 'no bone hierarchy in this file',
    query: $<HTMLInputElement>('tree-search').value ?? '',
    selected: selectedBone,
    resolve: resolveName,
    select: (bone) => selectBone(bone, 'tree'),
  });
}

function worldOf(skeleton: Skeleton): Transform[] {
  return pose === 'runtime' ? runtimeWorldTransforms(skeleton) : skeleton.bones.map((b) => b.global);
}

function drawInspector(): void {
  renderInspector($('inspector'), {
    entry: currentEntry,
    file: current,
    assembly,
    bone: selectedBone,
    span: selectedSpan,
    pose,
    world: () => {
      const skeleton = shownSkeleton();
      return skeleton === null ? [] : worldOf(skeleton);
    },
    boneName,
    resolve: resolveName,
    selectSpan,
    loading,
  });
}

function hexStatus(): void {
  const status = $('hex-status');
  const file = current;
  if (file === null) {
    status.textContent = assembly !== null ? 'an assembled rig has no bytes of its own: open one of its files to see them' : '';
    return;
  }
  const parts = [plural(file.bytes.length, 'byte')];
  const span = file.spans[selectedSpan];
  if (span !== undefined) parts.push(`field ${span.path} at ${hexOffset(span.start)}, ${plural(span.end - span.start, 'byte')}`);
  const record = file.boneRecords.get(selectedBone);
  if (record !== undefined) parts.push(`bone ${selectedBone} record ${hexOffset(record[0])}–${hexOffset(record[1])}`);
  if (file.refusal !== null) parts.push(`refused at ${hexOffset(file.refusal.offset)}: ${file.refusal.path}`);
  status.textContent = parts.join(' · ');
}

function updateHexSelection(): void {
  const file = current;
  if (file !== null) {
    const span = file.spans[selectedSpan];
    const failing: [number, number][] = [];
    for (const bone of file.failuresByBone.keys()) {
      const r = file.boneRecords.get(bone);
      if (r !== undefined) failing.push(r);
    }
    hex.setSelection(span === undefined ? null : [span.start, span.end], file.boneRecords.get(selectedBone) ?? null, failing);
  }
  hexStatus();
}

function writeUrl(): void {
  const params = new URLSearchParams();
  if (assembly !== null) params.set('assembly', assembly.id);
  else if (currentEntry !== null) params.set('file', currentEntry.id);
  if (selectedBone >= 0) params.set('bone', String(selectedBone));
  const hash = `#${params.toString()}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

// ---- selection ---------------------------------------------------------------------------------

function selectBone(bone: number, from: 'tree' | 'scene' | 'hex' | 'url'): void {
  const skeleton = shownSkeleton();
  if (skeleton === null || bone < 0 || bone >= skeleton.bones.length) return;
  selectedBone = bone;
  if (from !== 'hex') selectedSpan = -1;
  scene.select(bone);
  for (const b of $('tree-list').querySelectorAll('button.selected')) b.classList.remove('selected');
  const button = $('tree-list').querySelector<HTMLButtonElement>(`button[data-bone="${bone}"]`);
  button?.classList.add('selected');
  if (from !== 'tree') button?.scrollIntoView({ block: 'nearest' });
  updateHexSelection();
  const record = current?.boneRecords.get(bone);
  if (from !== 'hex' && record !== undefined) hex.reveal(record[0]);
  drawInspector();
  writeUrl();
}

function selectSpan(index: number): void {
  if (current === null) return;
  selectedSpan = index;
  const span = current.spans[index];
  if (span !== undefined) hex.reveal(span.start);
  updateHexSelection();
  drawInspector();
}

function pickByte(offset: number): void {
  if (current === null) return;
  const region = regionAt(current.regions, offset);
  const owner = region < 0 ? -1 : current.regions.owner[region]!;
  if (owner < 0) return;
  selectedSpan = owner;
  const bone = boneOfSpan(current.spans[owner]!);
  if (bone >= 0 && current.skeleton !== null) selectBone(bone, 'hex');
  else {
    // A field of the resource itself: the inspector shows the resource's fields, this one marked.
    selectedBone = -1;
    scene.select(-1);
    for (const b of $('tree-list').querySelectorAll('button.selected')) b.classList.remove('selected');
    updateHexSelection();
    drawInspector();
    writeUrl();
  }
}

function sceneNote(): string {
  if (assembly !== null) return `the assembled rig of ${assembly.name}: ${plural(assembly.assembly.bones.length, 'bone')} (${pose})`;
  if (currentEntry === null) return '';
  if (current === null) return 'nothing to draw: this entry has no bytes';
  if (current.skeleton === null) return 'no bone hierarchy in this file';
  if (pose !== 'runtime') return '';
  return current.skeleton.ownTransform === null
    ? 'runtime: this layout has no own transform; the stored root local is kept'
    : 'runtime: the own transform replaces the root local';
}

function setPose(next: Pose): void {
  pose = next;
  $('pose-bind').classList.toggle('active', pose === 'bind');
  $('pose-runtime').classList.toggle('active', pose === 'runtime');
  const skeleton = shownSkeleton();
  if (skeleton !== null) scene.setPose(worldOf(skeleton));
  $('scene-note').textContent = sceneNote();
  drawInspector();
}

/** What can be selected: a listed entry (with its file once read), an assembled rig, or nothing. */
interface Selection {
  entry: Entry | null;
  file: OpenedFile | null;
  assembly: ShownAssembly | null;
}

/** Shows a selection in every panel, `bone` selected when ≥ 0; returns when all are drawn (the 3D frame included). */
function showSelection(next: Selection, bone: number): void {
  currentEntry = next.entry;
  current = next.file;
  assembly = next.assembly;
  selectedBone = -1;
  selectedSpan = -1;
  $('current-file').textContent = assembly !== null ? `assembled rig of ${assembly.name}` : (currentEntry?.name ?? '');
  timed('hex', () => hex.setFile(current));
  timed('scene', () => {
    const skeleton = shownSkeleton();
    if (skeleton !== null) {
      const bones = skeleton.bones.map((b) => ({ name: nameOf(b.nameHash), parent: b.parent, mirror: b.mirror }));
      scene.setRig(bones, worldOf(skeleton), boneSeverities());
      scene.frame();
    } else scene.setRig([], [], new Map());
    setPose(pose);
  });
  timed('files+tree', () => {
    files.select(currentEntry);
    drawTree();
  });
  timed('inspector', () => {
    if (bone >= 0) selectBone(bone, 'url');
    else {
      updateHexSelection();
      drawInspector();
      if (current?.refusal) hex.reveal(current.refusal.offset);
      writeUrl();
    }
  });
  timed('webgl', () => scene.renderNow());
  // The skinning report and the Edit tab are of the shown Skeleton.
  renderSkinningView();
  edits.select(currentEntry, current);
}

/** Runs a step of the first render under a performance measure, so the parts can be read back (tests, devtools). */
function timed(step: string, work: () => void): void {
  const start = performance.now();
  work();
  performance.measure(`viewer:${step}`, { start, end: performance.now() });
}

function bytesOf(entry: Entry): Promise<Uint8Array | null> {
  if (entry.bytes !== null) return Promise.resolve(entry.bytes);
  if (entry.size === null) return Promise.resolve(null);
  let pending = fetching.get(entry);
  if (pending === undefined) {
    pending = (async () => {
      const response = await fetch(`api/input/${encodeURIComponent(entry.id)}`);
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      entry.bytes = new Uint8Array(await response.arrayBuffer());
      return entry.bytes;
    })()
      .catch((error: unknown) => {
        entry.note = `could not be fetched: ${(error as Error).message}`;
        entry.summary = null;
        return null;
      })
      .finally(() => fetching.delete(entry));
    fetching.set(entry, pending);
  }
  return pending;
}

async function openEntry(entry: Entry, bone: number): Promise<void> {
  const opening = ++openings;
  const bytes = await bytesOf(entry);
  if (opening !== openings) return;
  if (bytes === null) {
    files.update(entry);
    showSelection({ entry, file: null, assembly: null }, -1);
    return;
  }
  const started = performance.now();
  let file!: OpenedFile;
  try {
    timed('read', () => (file = openFile(entry.id, entry.name, bytes, settings)));
  } catch (error) {
    // Not a refusal (those are values): a fault of the page, said in the list and the inspector rather than lost.
    entry.summary = failedSummary(error);
    entry.note = entry.summary.notResource;
    files.update(entry);
    showSelection({ entry, file: null, assembly: null }, -1);
    return;
  }
  entry.summary = summarize(file);
  files.update(entry);
  showSelection({ entry, file, assembly: null }, bone);
  document.body.dataset.renderMs = (performance.now() - started).toFixed(1);
}

/** Shows a component's assembled rig in every panel: the header names it, the tree and inspector are its bones. */
function showAssembly(result: ComponentAssembly, bone = -1): void {
  if (result.assembly === null) return;
  ++openings;
  showSelection(
    { entry: null, file: null, assembly: { id: result.component.id, name: result.component.name, assembly: result.assembly } },
    bone,
  );
}

// ---- reports -----------------------------------------------------------------------------------

function renderCensus(): void {
  const census = new CensusAccumulator({ dialect: settings.dialect ?? undefined, reading: settings.reading, names: dictionary });
  for (const entry of entries) {
    if (entry.bytes !== null) census.addFile(entry.name, entry.bytes);
    else census.addUnreadable(entry.name, entry.note ?? 'not read');
  }
  const markdown = censusMarkdown(census.report(), { title: 'Census of the files listed' });
  const byName = new Map(entries.map((e) => [e.name, e.id]));
  const view = $('census-view');
  view.replaceChildren(
    renderMarkdown(markdown, (text) => {
      const id = byName.get(text);
      return id === undefined ? null : `#file=${encodeURIComponent(id)}`;
    }),
  );
}

function heldAssemblies(): ComponentAssembly[] {
  if (assemblies === null) {
    const held: HeldFile[] = [];
    for (const e of entries) if (e.bytes !== null) held.push({ id: e.id, name: e.name, bytes: e.bytes });
    assemblies = assembleHeldFiles(held, settings);
  }
  return assemblies;
}

/** The Assembly tab, over the same files as the census. */
function renderAssembly(): void {
  const view = $('assembly-view');
  try {
    renderAssemblies(view, heldAssemblies(), nameOf, (result) => showAssembly(result));
  } catch (error) {
    view.replaceChildren(el('div', 'failure', `the assembly could not be made: ${(error as Error).message}`));
  }
}

/** The Skinning tab, against the shown Skeleton (an assembled rig's too). */
function renderSkinningView(): void {
  const selected =
    assembly !== null
      ? { name: `the assembled rig of ${assembly.name}`, skeleton: assembly.assembly.skeleton }
      : current === null
        ? null
        : { name: current.name, skeleton: current.skeleton };
  renderSkinning($('skinning-view'), skinning, selected, nameOf);
}

type Tab = 'hex' | 'census' | 'assembly' | 'skinning' | 'edit';
const TABS: readonly Tab[] = ['hex', 'census', 'assembly', 'skinning', 'edit'];
let activeTab: Tab = 'hex';
/** The reports drawn since the files last changed: the census and the assembly are drawn when their tab is shown. */
const reportsDrawn = new Set<Tab>();

function showTab(tab: Tab): void {
  activeTab = tab;
  for (const t of TABS) {
    $(`tab-${t}`).classList.toggle('active', tab === t);
    $(`${t}-view`).classList.toggle('hidden', tab !== t);
  }
  $('hex-legend').classList.toggle('hidden', tab !== 'hex');
  if (tab === 'hex') hex.render();
  if ((tab === 'census' || tab === 'assembly') && !reportsDrawn.has(tab)) {
    reportsDrawn.add(tab);
    if (tab === 'census') renderCensus();
    else renderAssembly();
  }
}

/** The files changed: the reports are made again, now for the tab shown, the others when shown. */
function filesChanged(): void {
  assemblies = null;
  reportsDrawn.clear();
  showTab(activeTab);
}

// ---- local files -------------------------------------------------------------------------------

async function addLocalFiles(dropped: FileList | File[]): Promise<void> {
  let last: Entry | null = null;
  let skinningAdded = false;
  for (const f of Array.from(dropped)) {
    // An archive is told by its magic, whatever its name, and read a data file at a time.
    if (await isArchiveFile(f)) {
      last = (await addArchive(f)) ?? last;
      continue;
    }
    const bytes = new Uint8Array(await f.arrayBuffer());
    // A resource header wins; otherwise a file shaped or named like a skinning input is one.
    const skinningInput = classifyHeader(bytes, settings.dialect ?? undefined).length === 0 ? recogniseSkinningInput(f.name, bytes) : null;
    if (skinningInput !== null) {
      holdSkinningInput(skinning, skinningInput);
      skinningAdded = true;
      continue;
    }
    const entry: Entry = {
      id: `local-${++localCount}`,
      name: f.name,
      size: bytes.length,
      note: 'opened in the browser',
      bytes,
      summary: null,
    };
    entries.push(entry);
    last = entry;
  }
  if (last !== null) {
    for (const entry of entries) if (entry.summary === null && entry.bytes !== null) entry.summary = safeSummary(entry.bytes);
    files.render(entries);
    await openEntry(last, -1);
    filesChanged();
  }
  renderSkinningView();
  if (skinningAdded) showTab('skinning');
}

function safeSummary(bytes: Uint8Array): Entry['summary'] {
  try {
    return summarizeBytes(bytes, settings);
  } catch (error) {
    return failedSummary(error);
  }
}

/**
 * Lists every Skeleton and SkeletonComponent record of a dropped archive (and its refusals), with
 * progress in the bar; returns the entry to show first: its first record, else its first entry.
 */
async function addArchive(file: File): Promise<Entry | null> {
  const progress = $('archive-progress');
  progress.title = file.name;
  progress.classList.remove('hidden');
  const added: Entry[] = [];
  let drawn = performance.now();
  await readArchiveFile(file, file.name, {
    everyDataFile,
    onProgress: (done, total) => {
      progress.textContent = `reading archive… ${done} of ${plural(total, 'data file')}`;
      // The list grows as the archive is read, redrawn a few times a second at most.
      if (performance.now() - drawn > 250) {
        files.render(entries);
        drawn = performance.now();
      }
    },
    onItem: (item) => {
      const entry: Entry = {
        id: `local-${++localCount}`,
        name: item.name,
        size: item.bytes?.length ?? null,
        note: item.note ?? 'read from the archive in the browser',
        refused: item.refused,
        origin: item.origin,
        bytes: item.bytes,
        summary: item.bytes === null ? null : safeSummary(item.bytes),
      };
      entries.push(entry);
      added.push(entry);
    },
  });
  progress.classList.add('hidden');
  files.render(entries);
  return added.find((e) => e.bytes !== null) ?? added[0] ?? null;
}

function wireDrop(): void {
  const overlay = $('drop-overlay');
  let depth = 0;
  document.addEventListener('dragenter', (e) => {
    e.preventDefault();
    depth++;
    overlay.classList.remove('hidden');
  });
  document.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) overlay.classList.add('hidden');
  });
  document.addEventListener('dragover', (e) => e.preventDefault());
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    depth = 0;
    overlay.classList.add('hidden');
    const dropped = e.dataTransfer?.files;
    if (dropped && dropped.length > 0) void addLocalFiles(dropped);
  });
  $<HTMLInputElement>('file-picker').addEventListener('change', (e) => {
    const input = e.target as HTMLInputElement;
    if (input.files && input.files.length > 0) void addLocalFiles(input.files).then(() => (input.value = ''));
  });
}

// ---- start -------------------------------------------------------------------------------------

function readUrl(): { file: string | null; assembly: string | null; bone: number } {
  const params = new URLSearchParams(location.hash.slice(1));
  const bone = params.get('bone');
  return { file: params.get('file'), assembly: params.get('assembly'), bone: bone !== null && /^\d+$/.test(bone) ? Number(bone) : -1 };
}

/** Shows what the URL names; returns whether it named something to show. */
async function applyUrl(): Promise<boolean> {
  const wanted = readUrl();
  if (wanted.assembly !== null) {
    if (assembly?.id !== wanted.assembly) {
      const result = heldAssemblies().find((r) => r.component.id === wanted.assembly && r.assembly !== null);
      if (result === undefined) return false;
      showAssembly(result, wanted.bone);
    } else if (wanted.bone !== selectedBone && wanted.bone >= 0) selectBone(wanted.bone, 'url');
    return true;
  }
  const entry = entries.find((e) => e.id === wanted.file) ?? null;
  if (entry === null) return false;
  if (entry !== currentEntry || assembly !== null) await openEntry(entry, wanted.bone);
  else if (wanted.bone !== selectedBone && wanted.bone >= 0) selectBone(wanted.bone, 'url');
  showTab('hex');
  return true;
}

/** The line saying how the first read goes, shown from the moment the page loads until every listed file is read. */
function loadProgress(text: string | null): void {
  const line = $('load-progress');
  line.classList.toggle('hidden', text === null);
  line.textContent = text ?? '';
}

async function start(): Promise<void> {
  renderHexLegend($('hex-legend'));
  wireDrop();
  $('pose-bind').addEventListener('click', () => setPose('bind'));
  $('pose-runtime').addEventListener('click', () => setPose('runtime'));
  $('frame-rig').addEventListener('click', () => scene.frame());
  for (const t of TABS) $(`tab-${t}`).addEventListener('click', () => showTab(t));
  $('tree-search').addEventListener('input', () => drawTree());
  window.addEventListener('hashchange', () => void applyUrl());
  drawTree();
  drawInspector();
  renderSkinningView();

  let config: { files: Listed[]; names?: string[]; dialect?: Dialect | null; reading?: AnvilnextReading; everyDataFile?: boolean } = {
    files: [],
  };
  try {
    const response = await fetch('api/inputs');
    if (response.ok) config = (await response.json()) as typeof config;
  } catch {
    // Opened without the server: local files only.
  }
  dictionary = new NameDictionary(builtInNames()).add(config.names ?? []);
  everyDataFile = config.everyDataFile === true;
  settings = { dialect: config.dialect ?? null, reading: config.reading, resolve: resolveName };
  for (const listed of config.files) entries.push({ ...listed, bytes: null, summary: null });
  // The list is shown at once, each row filled in as its file is read.
  files.render(entries);
  const wanted = readUrl();
  const named = entries.find((e) => e.id === wanted.file) ?? null;
  let drawn = 0;
  await readListedEntries(
    entries,
    {
      bytes: bytesOf,
      read: (entry, bytes) => {
        if (bytes !== null && entry.summary === null) entry.summary = safeSummary(bytes);
        files.update(entry);
        // The file the URL names is shown as soon as it is in, unless something else was opened meanwhile.
        if (entry === named && openings === 0) void openEntry(entry, wanted.bone);
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
  loading = false;
  drawInspector();
  if (openings === 0 && !(await applyUrl())) {
    // Without a file in the URL, the richest rig listed (the most bones) is the first view.
    const richest = entries.reduce<Entry | undefined>(
      (best, e) => ((e.summary?.bones ?? 0) > (best?.summary?.bones ?? 0) ? e : best),
      undefined,
    );
    const first = richest ?? entries[0];
    if (first !== undefined) await openEntry(first, -1);
  }
  filesChanged();
  document.body.dataset.ready = 'true';
}

void start();
