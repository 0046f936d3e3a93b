/**
 * The Inspector panel: what is selected, in full. A file's header and failing checks and its
 * top-level fields; a bone's ids, parent, mirror, packed word, stored and world transforms, the
 * checks failing at it and every field of its record; an assembled rig's totals and a bone of it
 * with where it came from. Checks that fail a file are in the failure colour, warnings in the
 * warning colour.
 */
import { formatHash, type Assembly, type PathSegment, type Skeleton, type Transform } from '../src/index.js';
import type { OpenedFile } from './analysis.js';
import { describeConflict } from './assembly-tab.js';
import { el, nameOrHash, plural } from './dom.js';
import type { Entry } from './file-list.js';
import { confidenceClass } from './hex.js';
import { formatNumber, formatValue, hexOffset, idWidthOf, spanValue } from './values.js';
import { severityOf } from './verdict.js';

/** An assembled rig shown in place of a file: the component it is of, and the assembly. */
export interface ShownAssembly {
  /** The component's list id and name. */
  id: string;
  name: string;
  assembly: Assembly;
}

export interface InspectorState {
  /** The listed entry selected (null for an assembled rig, or nothing). */
  entry: Entry | null;
  /** Its file when it was read. */
  file: OpenedFile | null;
  assembly: ShownAssembly | null;
  bone: number;
  span: number;
  pose: string;
  /** The shown rig's world transforms in the shown pose. */
  world: () => Transform[];
  boneName: (bone: number) => string;
  resolve: (hash: number) => string | null;
  selectSpan: (index: number) => void;
  /** The listed files are still being read (the bar counts them). */
  loading: boolean;
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

/** A check's line: the failure colour when it fails the file, the warning colour when it warns. */
function checkLine(check: Parameters<typeof severityOf>[0], text: string): HTMLElement {
  return el('div', severityOf(check) === 'warns' ? 'failure warning' : 'failure', text);
}

/** Whether `segments` begins with `prefix`. */
function under(segments: readonly PathSegment[], prefix: readonly PathSegment[]): boolean {
  return segments.length > prefix.length && prefix.every((segment, i) => segments[i] === segment);
}

/** The record's fields one level below `prefix` (`['bones', 3]` or the top level), as table rows with offset, value and confidence. */
function fieldRows(file: OpenedFile, prefix: readonly PathSegment[], state: InspectorState): HTMLTableElement {
  const t = el('table', 'fields');
  const head = t.createTHead().insertRow();
  for (const h of ['field', 'offset', 'value']) head.append(el('th', '', h));
  const body = t.createTBody();
  file.spans.forEach((span, index) => {
    const name = span.segments[prefix.length];
    if (span.segments.length !== prefix.length + 1 || typeof name !== 'string' || !under(span.segments, prefix)) return;
    const tr = body.insertRow();
    tr.className = 'field-row';
    if (index === state.span) tr.classList.add('selected-field');
    tr.dataset.path = span.path;
    const info = file.fieldInfo(span.path);
    const key = tr.insertCell();
    key.className = 'key';
    key.append(name);
    if (info !== null) key.append(el('span', `conf ${confidenceClass(info.confidence)}`, info.confidence));
    tr.insertCell().append(hexOffset(span.start));
    tr.insertCell().append(spanValue(file, index));
    if (info !== null) tr.title = `${info.type}${info.note !== '' ? ` — ${info.note}` : ''}`;
    tr.addEventListener('click', () => state.selectSpan(index));
  });
  return t;
}

/** The model's rows of a bone: ids, parent, mirror, packed word, stored and world transforms. */
function boneTable(skeleton: Skeleton, state: InspectorState, extra: [string, string][]): HTMLTableElement {
  const selected = state.bone;
  const bone = skeleton.bones[selected]!;
  const world = state.world()[selected]!;
  const parent = bone.parent >= 0 ? `${bone.parent} ${state.boneName(bone.parent)}` : 'none (root)';
  const mirror =
    bone.mirror === null ? 'none' : bone.mirror === selected ? 'itself (on a chain)' : `${bone.mirror} ${state.boneName(bone.mirror)}`;
  const worldCell = el('code', '', vec(world.position.slice(0, 3)));
  worldCell.id = 'world-position';
  worldCell.dataset.value = world.position.slice(0, 3).join(',');
  const worldRot = el('code', '', vec(world.rotation));
  worldRot.id = 'world-rotation';
  worldRot.dataset.value = world.rotation.join(',');
  return table(
    [
      ['index', String(bone.index)],
      ['id', formatValue(bone.id, idWidthOf(skeleton.dialect))],
      ['name hash', formatHash(bone.nameHash)],
      ['name', state.resolve(bone.nameHash) ?? '(unknown)'],
      ...extra,
      ['parent', parent],
      ['mirror', mirror],
      ['packed: array position', String(bone.storedIndex)],
      ['packed: descendants', String(bone.descendants)],
      ['global position', vec(bone.global.position)],
      ['global rotation', vec(bone.global.rotation)],
      ['local position', vec(bone.local.position)],
      ['local rotation', vec(bone.local.rotation)],
      [`world position (${state.pose})`, worldCell],
      [`world rotation (${state.pose})`, worldRot],
    ],
    'bone-model',
  );
}

/** An assembled rig: its totals, or the selected bone of it and where it came from. */
function renderAssembly(box: HTMLElement, shown: ShownAssembly, state: InspectorState): void {
  const a = shown.assembly;
  const idWidth = idWidthOf(a.skeleton.dialect);
  if (a.skeleton.bones[state.bone] === undefined) {
    box.append(el('h3', '', `assembled rig of ${shown.name}`));
    box.append(
      table([
        ['bones', String(a.bones.length)],
        ['main', String(a.bones.length - a.added)],
        ['added', String(a.added)],
        ['joined', String(a.joined)],
        ['conflicts', String(a.conflicts.length)],
        ['missing addons', a.missing.length === 0 ? 'none' : a.missing.map((id) => formatValue(id, idWidth)).join(', ')],
      ]),
    );
    box.append(el('div', 'empty-note', 'An assembled rig has no bytes of its own: select a bone here, or open one of its files.'));
    return;
  }
  const source = a.bones[state.bone]?.source ?? 'main';
  box.append(el('h3', '', `bone ${state.bone}: ${state.boneName(state.bone)} (assembled rig of ${shown.name})`));
  box.append(boneTable(a.skeleton, state, [['from', source === 'main' ? 'the main Skeleton' : `addon ${formatValue(source, idWidth)}`]]));
  const conflicts = a.conflicts.filter((c) => c.bone === state.bone);
  box.append(el('h3', '', `conflicts at this bone (${conflicts.length})`));
  if (conflicts.length === 0) box.append(el('div', 'empty-note', 'none'));
  for (const c of conflicts)
    box.append(
      el('div', 'failure warning', `${c.kind}, addon ${formatValue(c.addon, idWidth)}: ${describeConflict(c, nameOrHash(state.resolve))}`),
    );
}

/** Draws the inspector for what is selected. */
export function renderInspector(box: HTMLElement, state: InspectorState): void {
  box.replaceChildren();
  if (state.assembly !== null) {
    renderAssembly(box, state.assembly, state);
    return;
  }
  const file = state.file;
  const entry = state.entry;
  if (file === null) {
    // An entry without bytes (a refusal inside an archive, a file not read): its note is the story.
    const note = entry?.note ?? null;
    if (entry !== null && note !== null) box.append(el('div', entry.refused === true ? 'failure refusal-detail' : 'failure', note));
    else if (state.loading)
      box.append(
        el(
          'div',
          'empty-note',
          'Reading the files listed (the bar above counts them): the richest rig opens once all are read, or open one from the list now.',
        ),
      );
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
  const bone = file.skeleton?.bones[state.bone];
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
      for (const c of failed) box.append(checkLine(c, `${c.id} (${c.confidence}): ${c.summary ?? plural(c.offenderCount, 'offender')}`));
    }
    box.append(el('h3', '', 'fields'), fieldRows(file, [], state));
    return;
  }
  box.append(el('h3', '', `bone ${state.bone}: ${state.boneName(state.bone)}`));
  box.append(boneTable(file.skeleton, state, []));
  const failures = file.failuresByBone.get(state.bone) ?? [];
  box.append(el('h3', '', `checks failing at this bone (${failures.length})`));
  if (failures.length === 0) box.append(el('div', 'empty-note', 'none'));
  for (const f of failures) box.append(checkLine(f.check, `${f.check.id} (${f.check.confidence}): ${f.message}`));
  const record = file.boneRecords.get(state.bone);
  box.append(el('h3', '', `record${record !== undefined ? ` at ${hexOffset(record[0])}, ${plural(record[1] - record[0], 'byte')}` : ''}`));
  box.append(fieldRows(file, ['bones', state.bone], state));
  appendNestedRecords(box, file, ['bones', state.bone], state, (field, index) => {
    // A BoneModifier's heading names its class, as the model has it.
    const modifier = field === 'modifiers' ? bone.modifiers?.[index] : undefined;
    return modifier === undefined ? '' : `: ${modifier.className ?? 'unnamed'} (${formatHash(modifier.classHash)})`;
  });
}

/**
 * The records an array field of `prefix` holds (a bone's modifiers, a modifier's targets), each
 * with a heading and its own field rows, and so on below them: the field rows show such an array
 * only as its length. `label` adds to a heading. Arrays of plain values (dependencies) have none.
 */
function appendNestedRecords(
  box: HTMLElement,
  file: OpenedFile,
  prefix: readonly PathSegment[],
  state: InspectorState,
  label: (field: string, index: number) => string = () => '',
): void {
  const elements: { path: string; segments: readonly PathSegment[]; field: string; index: number }[] = [];
  const withFields = new Set<string>();
  for (const span of file.spans) {
    if (!under(span.segments, prefix)) continue;
    const [field, index] = span.segments.slice(prefix.length);
    if (typeof field !== 'string' || typeof index !== 'number') continue;
    const element = span.segments.slice(0, prefix.length + 2);
    // `prefix.field[i]` itself is an element; a span below it says the element has fields of its own.
    if (span.segments.length === prefix.length + 2) elements.push({ path: span.path, segments: element, field, index });
    else if (typeof span.segments[prefix.length + 2] === 'string') withFields.add(JSON.stringify(element));
  }
  for (const e of elements) {
    if (!withFields.has(JSON.stringify(e.segments))) continue;
    const section = el('div', 'nested-record');
    section.dataset.path = e.path;
    section.append(el('h4', '', `${e.field}[${e.index}]${label(e.field, e.index)}`), fieldRows(file, e.segments, state));
    appendNestedRecords(section, file, e.segments, state);
    box.append(section);
  }
}
