/**
 * The viewer page: Files, 3D, Tree, Inspector, Hex, Census, Assembly and Skinning, linked both ways through one
 * selection (file, bone, field), kept in the URL hash so a link reproduces the view.
 */
import {
  builtInNames,
  CensusAccumulator,
  classifyHeader,
  censusMarkdown,
  formatHash,
  NameDictionary,
  parseHash,
  runtimeWorldTransforms,
  type AnvilnextReading,
  type Dialect,
  type Skeleton,
  type Transform,
} from '../src/index.js';
import { isArchiveFile, readArchiveFile } from './archive.js';
import { boneOfPath, openFile, regionAt, type OpenedFile, type ReadSettings } from './analysis.js';
import { confidenceClass, HexView } from './hex.js';
import { renderMarkdown } from './markdown.js';
import { assembleHeldFiles, renderAssemblies, type ComponentAssembly, type HeldFile } from './assembly-tab.js';
import { el, nameOrHash } from './dom.js';
import { holdSkinningInput, recogniseSkinningInput, renderSkinning, type SkinningState } from './skinning-tab.js';
import { SceneView } from './scene.js';
import { formatNumber, formatValue, spanValue } from './values.js';

interface Listed {
  id: string;
  name: string;
  size: number | null;
  note: string | null;
  /** The note is a refusal (an archive's table or data file): shown as one. */
  refused?: boolean;
}

interface Entry extends Listed {
  bytes: Uint8Array | null;
  summary: Summary | null;
}

interface Summary {
  layout: string;
  bones: number | null;
  refusal: string | null;
  notResource: string | null;
  failed: number;
}

type Pose = 'bind' | 'runtime';

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;
const hexOffset = (o: number): string => `0x${o.toString(16).toUpperCase()} (${o})`;

// ---- state -------------------------------------------------------------------------------------

const entries: Entry[] = [];
let settings: ReadSettings = { dialect: null, reading: undefined, resolve: () => null };
let dictionary = new NameDictionary(builtInNames());
let current: OpenedFile | null = null;
let currentEntry: Entry | null = null;
let selectedBone = -1;
let selectedSpan = -1;
let pose: Pose = 'bind';
let localCount = 0;
/** `--every-data-file`, as the server was started: archives opened here read the same data files. */
let everyDataFile = false;
const skinning: SkinningState = { meshBones: null, palette: null, constants: [], refused: [] };
/** An assembled rig shown in 3D in place of the selected file's, until a file is shown again. */
let sceneAssembly: { name: string; skeleton: Skeleton } | null = null;

const boneName = (file: OpenedFile, bone: number): string => {
  const hash = file.skeleton?.bones[bone]?.nameHash;
  if (hash === undefined) return `bone ${bone}`;
  return dictionary.resolve(hash) ?? formatHash(hash);
};

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

// While an assembled rig is shown, its bones are not the selected file's: picking one selects nothing.
const scene = new SceneView($('scene-host'), $('scene-label'), {
  pick: (bone) => {
    if (sceneAssembly === null) selectBone(bone, 'scene');
  },
});

function renderLegend(): void {
  const legend = $('hex-legend');
  legend.replaceChildren();
  for (const c of ['Proven', 'Observed', 'Inferred', 'Unknown', 'public reading']) legend.append(el('span', confidenceClass(c), c));
  legend.append(el('span', 'c-tag', 'count or tag'));
}

function summarize(file: OpenedFile): Summary {
  return {
    layout: file.header === null ? '—' : `${file.header.kind} · ${file.header.dialect}`,
    bones: file.skeleton?.bones.length ?? null,
    refusal: file.refusal === null ? null : `refused at ${hexOffset(file.refusal.offset)}: ${file.refusal.path}`,
    notResource: file.notResource,
    failed: file.checks.filter((c) => c.status === 'failed').length,
  };
}

function failedSummary(error: unknown): Summary {
  return { layout: '—', bones: null, refusal: null, notResource: `could not be read: ${(error as Error).message}`, failed: 0 };
}

function safeSummary(entry: Entry, bytes: Uint8Array): Summary {
  try {
    return summarize(openFile(entry.id, entry.name, bytes, settings));
  } catch (error) {
    return failedSummary(error);
  }
}

function renderFiles(): void {
  const list = $('file-list');
  list.replaceChildren();
  for (const entry of entries) {
    const li = el('li');
    li.dataset.id = entry.id;
    if (currentEntry === entry) li.classList.add('selected');
    li.append(el('div', 'file-name', entry.name));
    const meta = el('div', 'file-meta');
    const s = entry.summary;
    if (s === null) meta.append(el('span', entry.refused === true ? 'bad refusal-text' : 'warn', entry.note ?? 'not read'));
    else {
      meta.append(`${s.layout}${s.bones !== null ? ` · ${s.bones} bones` : ''} · `);
      if (s.notResource !== null) meta.append(el('span', 'bad', s.notResource));
      else if (s.refusal !== null) meta.append(el('span', 'bad refusal-text', s.refusal));
      else meta.append(el('span', 'ok', 'valid'));
      if (s.failed > 0) meta.append(' · ', el('span', 'warn', `${s.failed} check${s.failed === 1 ? '' : 's'} failed`));
    }
    li.append(meta);
    li.addEventListener('click', () => void openEntry(entry, -1));
    list.append(li);
  }
  list.querySelector('li.selected')?.scrollIntoView({ block: 'nearest' });
}

function depthClass(depth: number): string {
  return depth <= 10 ? `depth-${depth}` : 'depth-deep';
}

function renderTree(): void {
  const list = $('tree-list');
  list.replaceChildren();
  const file = current;
  if (file === null || file.skeleton === null) {
    list.append(
      el(
        'li',
        'empty-note',
        file === null ? 'no file open' : file.refusal !== null ? 'refused: no bone hierarchy was read' : 'no bone hierarchy in this file',
      ),
    );
    return;
  }
  const bones = file.skeleton.bones;
  const query = ($<HTMLInputElement>('tree-search').value ?? '').trim().toLowerCase();
  const hashQuery = parseHash(query);
  const matches = (i: number): boolean => {
    if (query === '') return true;
    const hash = bones[i]!.nameHash;
    if (hashQuery !== null && hash === hashQuery) return true;
    const name = dictionary.resolve(hash);
    return (name !== null && name.toLowerCase().includes(query)) || formatHash(hash).toLowerCase().includes(query);
  };
  const shown = new Set<number>();
  for (let i = 0; i < bones.length; i++) {
    if (!matches(i)) continue;
    // A match keeps its ancestors, so it is seen in its place in the hierarchy.
    for (let b = i, guard = 0; b >= 0 && b < bones.length && !shown.has(b) && guard <= bones.length; b = bones[b]!.parent, guard++)
      shown.add(b);
  }
  const children = new Map<number, number[]>();
  const roots: number[] = [];
  bones.forEach((bone, i) => {
    if (bone.parent >= 0 && bone.parent < bones.length && bone.parent !== i) {
      const list = children.get(bone.parent) ?? [];
      list.push(i);
      children.set(bone.parent, list);
    } else roots.push(i);
  });
  const visited = new Set<number>();
  const fragment = document.createDocumentFragment();
  const stack: [number, number][] = roots.reverse().map((r) => [r, 0]);
  while (stack.length > 0) {
    const [i, depth] = stack.pop()!;
    if (visited.has(i)) continue;
    visited.add(i);
    const kids = children.get(i) ?? [];
    for (let k = kids.length - 1; k >= 0; k--) stack.push([kids[k]!, depth + 1]);
    if (!shown.has(i)) continue;
    const li = el('li');
    const button = el('button', depthClass(depth));
    button.type = 'button';
    button.dataset.bone = String(i);
    const hash = bones[i]!.nameHash;
    const name = dictionary.resolve(hash);
    button.append(el('span', name === null ? 'unknown-name' : '', name ?? formatHash(hash)), el('span', 'index', ` ${i}`));
    if (i === selectedBone) button.classList.add('selected');
    if (file.failuresByBone.has(i)) button.classList.add('failing');
    button.addEventListener('click', () => selectBone(i, 'tree'));
    li.append(button);
    fragment.append(li);
  }
  list.append(fragment);
}

function table(rows: [string, string | Node][], id = ''): HTMLTableElement {
  const t = el('table');
  if (id !== '') t.id = id;
  for (const [key, value] of rows) {
    const tr = t.insertRow();
    tr.insertCell().append(key);
    tr.cells[0]!.className = 'key';
    tr.insertCell().append(value);
  }
  return t;
}

const vec = (v: readonly number[]): string => `(${v.map((x) => formatNumber(x)).join(', ')})`;

function worldOf(skeleton: Skeleton): Transform[] {
  return pose === 'runtime' ? runtimeWorldTransforms(skeleton) : skeleton.bones.map((b) => b.global);
}

function worldPose(file: OpenedFile): Transform[] {
  return file.skeleton === null ? [] : worldOf(file.skeleton);
}

/** The record's fields one level below `prefix` (`bones[3]` or the top level), as table rows with offset, value and confidence. */
function fieldRows(file: OpenedFile, prefix: string): HTMLTableElement {
  const t = el('table', 'fields');
  const head = t.createTHead().insertRow();
  for (const h of ['field', 'offset', 'value']) head.append(el('th', '', h));
  const direct = prefix === '' ? /^[A-Za-z_$][\w$]*$/ : new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\.[A-Za-z_$][\\w$]*$`);
  const body = t.createTBody();
  file.spans.forEach((span, index) => {
    if (!direct.test(span.path)) return;
    const tr = body.insertRow();
    tr.className = 'field-row';
    if (index === selectedSpan) tr.classList.add('selected-field');
    tr.dataset.path = span.path;
    const name = prefix === '' ? span.path : span.path.slice(prefix.length + 1);
    const info = file.fieldInfo(span.path);
    const key = tr.insertCell();
    key.className = 'key';
    key.append(name);
    if (info !== null) key.append(el('span', `conf ${confidenceClass(info.confidence)}`, info.confidence));
    tr.insertCell().append(hexOffset(span.start));
    tr.insertCell().append(spanValue(file, index));
    if (info !== null) tr.title = `${info.type}${info.note !== '' ? ` — ${info.note}` : ''}`;
    tr.addEventListener('click', () => selectSpan(index));
  });
  return t;
}

function renderInspector(): void {
  const box = $('inspector');
  box.replaceChildren();
  const file = current;
  if (file === null) {
    // An entry without bytes (a refusal inside an archive, a file not read): its note is the story.
    const note = currentEntry?.note ?? null;
    if (currentEntry !== null && note !== null)
      box.append(el('div', currentEntry.refused === true ? 'failure refusal-detail' : 'failure', note));
    else box.append(el('div', 'empty-note', 'Open a file from the list, or drop one here.'));
    return;
  }
  if (file.notResource !== null) {
    box.append(el('div', 'failure', file.notResource));
    return;
  }
  if (file.refusal !== null) {
    const refusal = el('div', 'failure refusal-detail');
    refusal.append(
      el('strong', '', `refused at offset ${hexOffset(file.refusal.offset)}`),
      el('br'),
      `field ${file.refusal.path}`,
      el('br'),
      file.refusal.message,
    );
    box.append(refusal);
  }
  const bone = file.skeleton?.bones[selectedBone];
  if (file.skeleton === null || bone === undefined) {
    box.append(el('h3', '', file.header === null ? 'file' : `${file.header.kind} (${file.header.dialect})`));
    box.append(
      table([
        ['bytes', String(file.bytes.length)],
        ['bones', String(file.skeleton?.bones.length ?? '—')],
      ]),
    );
    const failed = file.checks.filter((c) => c.status === 'failed');
    if (failed.length > 0) {
      box.append(el('h3', '', 'failing checks'));
      for (const c of failed) box.append(el('div', 'failure', `${c.id} (${c.confidence}): ${c.summary ?? `${c.offenderCount} offenders`}`));
    }
    box.append(el('h3', '', 'fields'), fieldRows(file, ''));
    return;
  }
  const world = worldPose(file)[selectedBone]!;
  const parent = bone.parent >= 0 ? `${bone.parent} ${boneName(file, bone.parent)}` : 'none (root)';
  const mirror =
    bone.mirror === null ? 'none' : bone.mirror === selectedBone ? 'itself (on a chain)' : `${bone.mirror} ${boneName(file, bone.mirror)}`;
  box.append(el('h3', '', `bone ${selectedBone}: ${boneName(file, selectedBone)}`));
  const worldCell = el('code', '', vec(world.position.slice(0, 3)));
  worldCell.id = 'world-position';
  worldCell.dataset.value = world.position.slice(0, 3).join(',');
  const worldRot = el('code', '', vec(world.rotation));
  worldRot.id = 'world-rotation';
  worldRot.dataset.value = world.rotation.join(',');
  box.append(
    table(
      [
        ['index', String(bone.index)],
        ['id', formatValue(bone.id)],
        ['name hash', formatHash(bone.nameHash)],
        ['name', dictionary.resolve(bone.nameHash) ?? '(unknown)'],
        ['parent', parent],
        ['mirror', mirror],
        ['packed: array position', String(bone.storedIndex)],
        ['packed: descendants', String(bone.descendants)],
        ['global position', vec(bone.global.position)],
        ['global rotation', vec(bone.global.rotation)],
        ['local position', vec(bone.local.position)],
        ['local rotation', vec(bone.local.rotation)],
        [`world position (${pose})`, worldCell],
        [`world rotation (${pose})`, worldRot],
      ],
      'bone-model',
    ),
  );
  const failures = file.failuresByBone.get(selectedBone) ?? [];
  box.append(el('h3', '', `checks failing at this bone (${failures.length})`));
  if (failures.length === 0) box.append(el('div', 'empty-note', 'none'));
  for (const f of failures) box.append(el('div', 'failure', `${f.check.id} (${f.check.confidence}): ${f.message}`));
  const record = file.boneRecords.get(selectedBone);
  box.append(el('h3', '', `record${record !== undefined ? ` at ${hexOffset(record[0])}, ${record[1] - record[0]} bytes` : ''}`));
  box.append(fieldRows(file, `bones[${selectedBone}]`));
  appendNestedRecords(box, file, `bones[${selectedBone}]`, (field, index) => {
    // A BoneModifier's heading names its class, as the model has it.
    const modifier = field === 'modifiers' ? bone.modifiers?.[index] : undefined;
    return modifier === undefined ? '' : `: ${modifier.className ?? 'unnamed'} (${formatHash(modifier.classHash)})`;
  });
}

const NESTED_ELEMENT = /^\.([A-Za-z_$][\w$]*)\[(\d+)\]$/;

/**
 * The records an array field of `prefix` holds (a bone's modifiers, a modifier's targets), each
 * with a heading and its own field rows, and so on below them: the field rows show such an array
 * only as its length. `label` adds to a heading. Arrays of plain values (dependencies) have none.
 */
function appendNestedRecords(
  box: HTMLElement,
  file: OpenedFile,
  prefix: string,
  label: (field: string, index: number) => string = () => '',
): void {
  const elements: { path: string; field: string; index: number }[] = [];
  const withFields = new Set<string>();
  const below = `${prefix}.`;
  for (const span of file.spans) {
    if (!span.path.startsWith(below)) continue;
    const rest = span.path.slice(prefix.length);
    const m = NESTED_ELEMENT.exec(rest);
    if (m !== null) elements.push({ path: span.path, field: m[1]!, index: Number(m[2]) });
    else {
      // `prefix.field[i].x`: element `prefix.field[i]` has fields of its own.
      const element = /^\.[A-Za-z_$][\w$]*\[\d+\](?=\.)/.exec(rest);
      if (element !== null) withFields.add(prefix + element[0]);
    }
  }
  for (const e of elements) {
    if (!withFields.has(e.path)) continue;
    const section = el('div', 'nested-record');
    section.dataset.path = e.path;
    section.append(el('h4', '', `${e.field}[${e.index}]${label(e.field, e.index)}`), fieldRows(file, e.path));
    appendNestedRecords(section, file, e.path);
    box.append(section);
  }
}

function hexStatus(): void {
  const status = $('hex-status');
  const file = current;
  if (file === null) {
    status.textContent = '';
    return;
  }
  const parts = [`${file.bytes.length} bytes`];
  const span = file.spans[selectedSpan];
  if (span !== undefined) parts.push(`field ${span.path} at ${hexOffset(span.start)}, ${span.end - span.start} bytes`);
  const record = file.boneRecords.get(selectedBone);
  if (record !== undefined) parts.push(`bone ${selectedBone} record ${hexOffset(record[0])}–${hexOffset(record[1])}`);
  if (file.refusal !== null) parts.push(`refused at ${hexOffset(file.refusal.offset)}: ${file.refusal.path}`);
  status.textContent = parts.join(' · ');
}

function updateHexSelection(): void {
  const file = current;
  if (file === null) return;
  const span = file.spans[selectedSpan];
  const failing: [number, number][] = [];
  for (const bone of file.failuresByBone.keys()) {
    const r = file.boneRecords.get(bone);
    if (r !== undefined) failing.push(r);
  }
  hex.setSelection(span === undefined ? null : [span.start, span.end], file.boneRecords.get(selectedBone) ?? null, failing);
  hexStatus();
}

function writeUrl(): void {
  const params = new URLSearchParams();
  if (currentEntry !== null) params.set('file', currentEntry.id);
  if (selectedBone >= 0) params.set('bone', String(selectedBone));
  const hash = `#${params.toString()}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

// ---- selection ---------------------------------------------------------------------------------

function selectBone(bone: number, from: 'tree' | 'scene' | 'hex' | 'url'): void {
  if (current === null || current.skeleton === null || bone < 0 || bone >= current.skeleton.bones.length) return;
  selectedBone = bone;
  if (from !== 'hex') selectedSpan = -1;
  if (sceneAssembly === null) scene.select(bone);
  for (const b of $('tree-list').querySelectorAll('button.selected')) b.classList.remove('selected');
  const button = $('tree-list').querySelector<HTMLButtonElement>(`button[data-bone="${bone}"]`);
  button?.classList.add('selected');
  if (from !== 'tree') button?.scrollIntoView({ block: 'nearest' });
  updateHexSelection();
  const record = current.boneRecords.get(bone);
  if (from !== 'hex' && record !== undefined) hex.reveal(record[0]);
  renderInspector();
  writeUrl();
}

function selectSpan(index: number): void {
  if (current === null) return;
  selectedSpan = index;
  const span = current.spans[index];
  if (span !== undefined) hex.reveal(span.start);
  updateHexSelection();
  renderInspector();
}

function pickByte(offset: number): void {
  if (current === null) return;
  const region = regionAt(current.regions, offset);
  const owner = region < 0 ? -1 : current.regions.owner[region]!;
  if (owner < 0) return;
  selectedSpan = owner;
  const bone = boneOfPath(current.spans[owner]!.path);
  if (bone >= 0 && current.skeleton !== null) selectBone(bone, 'hex');
  else {
    // A field of the resource itself: the inspector shows the resource's fields, this one marked.
    selectedBone = -1;
    scene.select(-1);
    for (const b of $('tree-list').querySelectorAll('button.selected')) b.classList.remove('selected');
    updateHexSelection();
    renderInspector();
    writeUrl();
  }
}

function setPose(next: Pose): void {
  pose = next;
  $('pose-bind').classList.toggle('active', pose === 'bind');
  $('pose-runtime').classList.toggle('active', pose === 'runtime');
  if (sceneAssembly !== null) scene.setPose(worldOf(sceneAssembly.skeleton));
  else if (current?.skeleton) scene.setPose(worldPose(current));
  $('scene-note').textContent =
    sceneAssembly !== null
      ? `the assembled rig of ${sceneAssembly.name}: ${sceneAssembly.skeleton.bones.length} bones (${pose})`
      : current !== null && current.skeleton === null
        ? 'no bone hierarchy in this file'
        : current?.skeleton && pose === 'runtime'
          ? current.skeleton.ownTransform === null
            ? 'runtime: this layout has no own transform; the stored root local is kept'
            : 'runtime: the own transform replaces the root local'
          : '';
  renderInspector();
}

/** Shows a file in every panel; returns when all are drawn (the 3D frame included). */
function show(entry: Entry, file: OpenedFile, bone: number): void {
  current = file;
  currentEntry = entry;
  sceneAssembly = null;
  selectedBone = -1;
  selectedSpan = -1;
  $('current-file').textContent = entry.name;
  timed('hex', () => hex.setFile(file));
  timed('scene', () => {
    if (file.skeleton !== null) {
      const bones = file.skeleton.bones.map((b, i) => ({ name: boneName(file, i), parent: b.parent, mirror: b.mirror }));
      scene.setRig(bones, worldPose(file), new Set(file.failuresByBone.keys()));
      scene.frame();
    } else scene.setRig([], [], new Set());
    setPose(pose);
  });
  timed('files+tree', () => {
    renderFiles();
    renderTree();
  });
  timed('inspector', () => {
    if (bone >= 0) selectBone(bone, 'url');
    else {
      updateHexSelection();
      renderInspector();
      if (file.refusal !== null) hex.reveal(file.refusal.offset);
      writeUrl();
    }
  });
  timed('webgl', () => scene.renderNow());
  // The skinning report is of the selected Skeleton.
  renderSkinningView();
}

/** Runs a step of the first render under a performance measure, so the parts can be read back (tests, devtools). */
function timed(step: string, work: () => void): void {
  const start = performance.now();
  work();
  performance.measure(`viewer:${step}`, { start, end: performance.now() });
}

async function bytesOf(entry: Entry): Promise<Uint8Array | null> {
  if (entry.bytes !== null) return entry.bytes;
  if (entry.size === null) return null;
  const response = await fetch(`api/input/${encodeURIComponent(entry.id)}`);
  if (!response.ok) return null;
  entry.bytes = new Uint8Array(await response.arrayBuffer());
  return entry.bytes;
}

async function openEntry(entry: Entry, bone: number): Promise<void> {
  const bytes = await bytesOf(entry);
  if (bytes === null) {
    current = null;
    currentEntry = entry;
    $('current-file').textContent = entry.name;
    hex.setFile(null);
    renderFiles();
    renderTree();
    renderInspector();
    return;
  }
  const started = performance.now();
  let file!: OpenedFile;
  try {
    timed('read', () => (file = openFile(entry.id, entry.name, bytes, settings)));
  } catch (error) {
    // Not a refusal (those are values): a fault of the page, said in the list rather than lost.
    entry.summary = failedSummary(error);
    renderFiles();
    return;
  }
  entry.summary = summarize(file);
  show(entry, file, bone);
  document.body.dataset.renderMs = (performance.now() - started).toFixed(1);
}

// ---- census ------------------------------------------------------------------------------------

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

/** The Assembly tab, over the same files as the census. */
function renderAssembly(): void {
  const held: HeldFile[] = [];
  for (const e of entries) if (e.bytes !== null) held.push({ id: e.id, name: e.name, bytes: e.bytes });
  const view = $('assembly-view');
  try {
    renderAssemblies(
      view,
      assembleHeldFiles(held, settings),
      nameOrHash((h) => dictionary.resolve(h)),
      showAssembly,
    );
  } catch (error) {
    view.replaceChildren(el('div', 'failure', `the assembly could not be made: ${(error as Error).message}`));
  }
}

/** Shows a component's assembled rig in 3D (the tree, inspector and hex keep the selected file). */
function showAssembly(result: ComponentAssembly): void {
  const skeleton = result.assembly?.skeleton;
  if (skeleton === undefined) return;
  sceneAssembly = { name: result.component.name, skeleton };
  const name = nameOrHash((h) => dictionary.resolve(h));
  scene.setRig(
    skeleton.bones.map((b) => ({ name: name(b.nameHash), parent: b.parent, mirror: b.mirror })),
    worldOf(skeleton),
    new Set(),
  );
  scene.frame();
  setPose(pose);
  scene.renderNow();
}

/** The Skinning tab, against the selected file. */
function renderSkinningView(): void {
  const selected = current === null ? null : { name: current.name, skeleton: current.skeleton };
  renderSkinning(
    $('skinning-view'),
    skinning,
    selected,
    nameOrHash((h) => dictionary.resolve(h)),
  );
}

function renderReports(): void {
  renderCensus();
  renderAssembly();
  renderSkinningView();
}

type Tab = 'hex' | 'census' | 'assembly' | 'skinning';
const TABS: readonly Tab[] = ['hex', 'census', 'assembly', 'skinning'];

function showTab(tab: Tab): void {
  for (const t of TABS) {
    $(`tab-${t}`).classList.toggle('active', tab === t);
    $(`${t}-view`).classList.toggle('hidden', tab !== t);
  }
  $('hex-legend').classList.toggle('hidden', tab !== 'hex');
  if (tab === 'hex') hex.render();
}

// ---- local files -------------------------------------------------------------------------------

async function addLocalFiles(files: FileList | File[]): Promise<void> {
  let last: Entry | null = null;
  let skinningAdded = false;
  for (const f of Array.from(files)) {
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
    await openEntry(last, -1);
    for (const entry of entries) if (entry.summary === null && entry.bytes !== null) entry.summary = safeSummary(entry, entry.bytes);
    renderFiles();
    renderCensus();
    renderAssembly();
  }
  renderSkinningView();
  if (skinningAdded) showTab('skinning');
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
      progress.textContent = `reading archive… ${done} of ${total} data files`;
      // The list grows as the archive is read, redrawn a few times a second at most.
      if (performance.now() - drawn > 250) {
        renderFiles();
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
        bytes: item.bytes,
        summary: null,
      };
      if (entry.bytes !== null) entry.summary = safeSummary(entry, entry.bytes);
      entries.push(entry);
      added.push(entry);
    },
  });
  progress.classList.add('hidden');
  renderFiles();
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
    const files = e.dataTransfer?.files;
    if (files && files.length > 0) void addLocalFiles(files);
  });
  $<HTMLInputElement>('file-picker').addEventListener('change', (e) => {
    const input = e.target as HTMLInputElement;
    if (input.files && input.files.length > 0) void addLocalFiles(input.files).then(() => (input.value = ''));
  });
}

// ---- start -------------------------------------------------------------------------------------

function readUrl(): { file: string | null; bone: number } {
  const params = new URLSearchParams(location.hash.slice(1));
  const bone = params.get('bone');
  return { file: params.get('file'), bone: bone !== null && /^\d+$/.test(bone) ? Number(bone) : -1 };
}

async function applyUrl(): Promise<void> {
  const wanted = readUrl();
  const entry = entries.find((e) => e.id === wanted.file) ?? null;
  if (entry === null) return;
  if (entry !== currentEntry) await openEntry(entry, wanted.bone);
  else if (wanted.bone !== selectedBone && wanted.bone >= 0) selectBone(wanted.bone, 'url');
  showTab('hex');
}

async function start(): Promise<void> {
  renderLegend();
  wireDrop();
  $('pose-bind').addEventListener('click', () => setPose('bind'));
  $('pose-runtime').addEventListener('click', () => setPose('runtime'));
  $('frame-rig').addEventListener('click', () => scene.frame());
  for (const t of TABS) $(`tab-${t}`).addEventListener('click', () => showTab(t));
  $('tree-search').addEventListener('input', () => renderTree());
  window.addEventListener('hashchange', () => void applyUrl());

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
  settings = { dialect: config.dialect ?? null, reading: config.reading, resolve: (hash) => dictionary.resolve(hash) };
  for (const listed of config.files) entries.push({ ...listed, bytes: null, summary: null });
  for (const entry of entries) {
    const bytes = await bytesOf(entry);
    if (bytes !== null) entry.summary = safeSummary(entry, bytes);
  }
  renderFiles();
  renderReports();
  const wanted = readUrl();
  // Without a file in the URL, the richest rig listed (the most bones) is the first view.
  const richest = entries.reduce<Entry | undefined>(
    (best, e) => ((e.summary?.bones ?? 0) > (best?.summary?.bones ?? 0) ? e : best),
    undefined,
  );
  const first = entries.find((e) => e.id === wanted.file) ?? richest ?? entries[0];
  if (first !== undefined) await openEntry(first, first.id === wanted.file ? wanted.bone : -1);
  else {
    renderTree();
    renderInspector();
  }
  document.body.dataset.ready = 'true';
}

void start();
