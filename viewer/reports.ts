/**
 * The Assembly and Skinning reports of the page, with the library's public API only: `assemble`
 * over the SkeletonComponents among the listed and opened files (their Skeletons found among the
 * same files by object id, as the `assemble` command finds them in its search paths), and
 * `meshBindReport` / `captureReport` of dropped skinning inputs against the selected Skeleton.
 */
import {
  assemble,
  captureReport,
  classifyHeader,
  constantsBytesNeeded,
  decodePaletteConstants,
  findLayout,
  formatHash,
  meshBindReport,
  parseMeshBones,
  parsePalette,
  readResource,
  REGISTER_BYTES,
  skeletonFromResource,
  SkinningInputError,
  type Assembly,
  type AssemblyConflict,
  type MeshBone,
  type Skeleton,
  type SkeletonComponent,
} from '../src/index.js';
import type { ReadSettings } from './analysis.js';

/** A file the page holds: its list id, shown name and bytes. */
export interface HeldFile {
  id: string;
  name: string;
  bytes: Uint8Array;
}

/** A file as the reports link it: its list id and shown name. */
export interface FileRef {
  id: string;
  name: string;
}

/** One component's assembly as the Assembly tab shows it. */
export interface ComponentAssembly {
  component: FileRef;
  componentId: bigint;
  mainId: bigint;
  /** The file carrying the main Skeleton, or null when none of the files does. */
  main: FileRef | null;
  /** Per addon in the component's order: the file carrying it, or null when missing. */
  addons: { id: bigint; file: FileRef | null; joined: number; added: number }[];
  /** Null when the main Skeleton is missing or has no bones (`problem` says which). */
  assembly: Assembly | null;
  problem: string | null;
}

const idText = (id: bigint): string => `0x${id.toString(16).toUpperCase().padStart(16, '0')}`;

/**
 * Every SkeletonComponent among `files` assembled: the Skeletons indexed by the model's object id
 * (the first file carrying an id wins, as in the `assemble` command), of the `anvilnext` family
 * only, since components name that family's ids. Files that are not resources or are refused are
 * left out here (the census reports them).
 */
export function assembleHeldFiles(files: readonly HeldFile[], settings: ReadSettings): ComponentAssembly[] {
  const skeletons = new Map<bigint, { file: FileRef; skeleton: Skeleton }>();
  const components: { file: FileRef; record: SkeletonComponent }[] = [];
  for (const file of files) {
    if (classifyHeader(file.bytes, settings.dialect ?? undefined).length === 0) continue;
    let read;
    try {
      read = readResource(file.bytes, { dialect: settings.dialect ?? undefined, reading: settings.reading });
    } catch {
      continue;
    }
    if (read === null) continue;
    const ref = { id: file.id, name: file.name };
    if (read.resource.kind === 'SkeletonComponent') components.push({ file: ref, record: read.resource.record });
    else if (findLayout(read.resource.dialect)?.family === 'anvilnext') {
      const skeleton = skeletonFromResource(read.resource);
      if (!skeletons.has(skeleton.id)) skeletons.set(skeleton.id, { file: ref, skeleton });
    }
  }
  return components.map(({ file, record }): ComponentAssembly => {
    const main = skeletons.get(record.mainSkeleton.id) ?? null;
    const base = { component: file, componentId: record.id, mainId: record.mainSkeleton.id, main: main?.file ?? null };
    const unassembled = (problem: string | null): ComponentAssembly => ({
      ...base,
      addons: record.addons.map((a) => ({ id: a.id, file: skeletons.get(a.id)?.file ?? null, joined: 0, added: 0 })),
      assembly: null,
      problem,
    });
    if (main === null) return unassembled(null);
    if (main.skeleton.bones.length === 0) return unassembled(`its main Skeleton (${main.file.name}) has no bones: nothing to assemble`);
    const assembly = assemble(
      main.skeleton,
      record.addons.map((a) => skeletons.get(a.id)?.skeleton ?? a.id),
    );
    return {
      ...base,
      addons: record.addons.map((a, i) => ({
        id: a.id,
        file: skeletons.get(a.id)?.file ?? null,
        joined: assembly.addons[i]?.joined ?? 0,
        added: assembly.addons[i]?.added ?? 0,
      })),
      assembly,
      problem: null,
    };
  });
}

// ---- skinning inputs ---------------------------------------------------------------------------

/** A dropped skinning input: what it was recognised as, parsed, or why it was refused. */
export type SkinningInput =
  | { kind: 'meshbones'; name: string; meshBones: MeshBone[] }
  | { kind: 'palette'; name: string; json: unknown }
  | { kind: 'constants'; name: string; bytes: Uint8Array }
  | { kind: 'refused'; name: string; as: string; message: string };

const messageOf = (error: unknown): string =>
  error instanceof SkinningInputError || error instanceof SyntaxError || error instanceof RangeError
    ? error.message
    : `could not be read (${String(error)})`;

function meshBonesInput(name: string, json: unknown): SkinningInput {
  try {
    return { kind: 'meshbones', name, meshBones: parseMeshBones(json) };
  } catch (error) {
    return { kind: 'refused', name, as: 'MeshBones', message: messageOf(error) };
  }
}

/**
 * What a dropped file that is not a resource is as a skinning input, or null when it is none:
 * `*.meshbones.json` is MeshBones and `*.palette.json` a palette, whatever they hold; another
 * `.json` (or text starting with `[`) is MeshBones when it is an array of objects and a palette
 * when an array of numbers; `.constants` and `.constants.bin` are constants dumps, and so is a `.bin`
 * of whole 16-byte registers holding at least one palette entry from the default base (672 bytes). JSON that does not parse
 * or MeshBones that `parseMeshBones` refuses come back `refused` with the message.
 */
export function recogniseSkinningInput(name: string, bytes: Uint8Array): SkinningInput | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.constants') || lower.endsWith('.constants.bin')) return { kind: 'constants', name, bytes };
  // A plain .bin is a dump only when it is whole registers holding at least one palette entry from
  // the default base; any other .bin is listed as a file (and said not to be a resource).
  if (lower.endsWith('.bin'))
    return bytes.length % REGISTER_BYTES === 0 && bytes.length >= constantsBytesNeeded(1) ? { kind: 'constants', name, bytes } : null;
  const named = lower.endsWith('.meshbones.json') ? 'meshbones' : lower.endsWith('.palette.json') ? 'palette' : null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return named === null
      ? null
      : { kind: 'refused', name, as: named === 'meshbones' ? 'MeshBones' : 'palette', message: 'is not UTF-8 text, so not JSON' };
  }
  if (named === null && !lower.endsWith('.json') && !/^\s*\[/.test(text)) return null;
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (error) {
    return { kind: 'refused', name, as: named === 'palette' ? 'palette' : 'MeshBones', message: `not JSON: ${messageOf(error)}` };
  }
  if (named === 'meshbones') return meshBonesInput(name, json);
  if (named === 'palette') return { kind: 'palette', name, json };
  if (Array.isArray(json) && json.length > 0 && json.every((v) => typeof v === 'number')) return { kind: 'palette', name, json };
  if (Array.isArray(json) && json.every((v) => typeof v === 'object' && v !== null)) return meshBonesInput(name, json);
  return {
    kind: 'refused',
    name,
    as: 'skinning input',
    message:
      'is neither MeshBones (an array of { "bone", "matrix" }) nor a palette (an array of MeshBone indices); name it *.meshbones.json or *.palette.json to say which',
  };
}

// ---- rendering ---------------------------------------------------------------------------------

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  if (className !== '') node.className = className;
  if (text !== '') node.textContent = text;
  return node;
};

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const fixed = (x: number): string => (x === 0 ? '0' : Math.abs(x) < 1e-4 ? x.toExponential(2) : x.toPrecision(4));

function fileLink(file: FileRef): HTMLAnchorElement {
  const a = el('a', 'file-link', file.name);
  a.href = `#file=${encodeURIComponent(file.id)}`;
  a.dataset.id = file.id;
  return a;
}

function tableOf(headers: string[], className: string): { table: HTMLTableElement; body: HTMLTableSectionElement } {
  const table = el('table', className);
  const head = table.createTHead().insertRow();
  for (const h of headers) head.append(el('th', '', h));
  return { table, body: table.createTBody() };
}

function cells(row: HTMLTableRowElement, values: (string | Node)[]): void {
  for (const v of values) row.insertCell().append(v);
}

function describeConflict(c: AssemblyConflict, name: (hash: number) => string): string {
  const hash = (h: number | null): string => (h === null ? 'none' : name(h));
  switch (c.kind) {
    case 'transform':
      return `local transform differs by ${c.error === null ? 'a non-finite amount' : fixed(c.error)} (tolerance 1e-3)`;
    case 'parent':
      return `parent ${hash(c.addonParent)} in the addon, ${c.rigParent === null ? 'none (the root)' : name(c.rigParent)} in the rig`;
    default:
      return `its parent ${c.addonParent === null ? '(none: the addon root)' : name(c.addonParent)} is in no rig bone; attached to the root`;
  }
}

/** The Assembly tab: one section per component. */
export function renderAssemblies(
  view: HTMLElement,
  results: readonly ComponentAssembly[],
  name: (hash: number) => string,
  show3d: (result: ComponentAssembly) => void,
): void {
  view.replaceChildren(el('h1', '', 'Assembly of the components listed'));
  if (results.length === 0) {
    view.append(el('p', 'empty-note', 'No SkeletonComponent among the files listed or opened.'));
    return;
  }
  for (const r of results) {
    const section = el('section', 'assembly');
    section.dataset.component = r.component.id;
    const title = el('h2');
    title.append(fileLink(r.component), ` (${idText(r.componentId)})`);
    section.append(title);
    const main = el('p', 'assembly-main');
    if (r.main === null) {
      main.append(
        'main ',
        el('code', '', idText(r.mainId)),
        ': ',
        el('span', 'bad missing', 'missing'),
        ' (no Skeleton among the files carries it); nothing assembled',
      );
    } else {
      const mainBones = r.assembly?.bones.filter((b) => b.source === 'main').length ?? 0;
      main.append('main ', el('code', '', idText(r.mainId)), ' ', fileLink(r.main), `: ${plural(mainBones, 'bone')}`);
    }
    section.append(main);
    if (r.problem !== null) section.append(el('div', 'failure', r.problem));
    if (r.addons.length > 0) {
      const { table, body } = tableOf(['addon', 'file', 'joined', 'added'], 'assembly-addons');
      for (const a of r.addons) {
        const row = body.insertRow();
        row.dataset.addon = idText(a.id);
        row.className = a.file === null ? 'addon-missing' : 'addon-found';
        const file = a.file === null ? el('span', 'bad missing', 'missing') : fileLink(a.file);
        cells(row, [idText(a.id), file, a.file === null ? '—' : String(a.joined), a.file === null ? '—' : String(a.added)]);
      }
      section.append(table);
    } else section.append(el('p', 'empty-note', 'no addons'));
    const a = r.assembly;
    if (a !== null) {
      const mainBones = a.bones.length - a.added;
      const totals = el(
        'p',
        'assembly-totals',
        `${plural(a.bones.length, 'bone')}: ${mainBones} main, ${a.added} added; ${a.joined} joined; ${plural(a.conflicts.length, 'conflict')}; ${a.missing.length} missing`,
      );
      totals.dataset.bones = String(a.bones.length);
      totals.dataset.added = String(a.added);
      totals.dataset.joined = String(a.joined);
      totals.dataset.missing = String(a.missing.length);
      section.append(totals);
      const button = el('button', 'show-assembly', 'show the assembled rig in 3D');
      button.type = 'button';
      button.addEventListener('click', () => show3d(r));
      section.append(button);
      for (const id of a.missing)
        section.append(
          el('div', 'failure missing-addon', `missing: addon ${idText(id)} (no Skeleton among the files carries it; it adds nothing)`),
        );
      if (a.conflicts.length > 0) {
        const { table, body } = tableOf(['kind', 'bone', 'addon', 'message'], 'assembly-conflicts');
        for (const c of a.conflicts)
          cells(body.insertRow(), [c.kind, `${c.bone} ${name(c.nameHash)}`, idText(c.addon), describeConflict(c, name)]);
        section.append(table);
      }
    }
    view.append(section);
  }
}

/** The skinning inputs held, each with its role (the latest MeshBones and palette, every constants dump). */
export interface SkinningState {
  meshBones: Extract<SkinningInput, { kind: 'meshbones' }> | null;
  palette: Extract<SkinningInput, { kind: 'palette' }> | null;
  constants: Extract<SkinningInput, { kind: 'constants' }>[];
  refused: Extract<SkinningInput, { kind: 'refused' }>[];
}

/** Takes a recognised input into the state: MeshBones and palette replace the earlier one, constants add a frame. */
export function holdSkinningInput(state: SkinningState, input: SkinningInput): void {
  state.refused = state.refused.filter((r) => r.name !== input.name);
  if (input.kind === 'meshbones') state.meshBones = input;
  else if (input.kind === 'palette') state.palette = input;
  else if (input.kind === 'constants') state.constants = [...state.constants.filter((c) => c.name !== input.name), input];
  else {
    state.refused.push(input);
    if (state.meshBones?.name === input.name) state.meshBones = null;
    if (state.palette?.name === input.name) state.palette = null;
  }
}

function inputsList(state: SkinningState): HTMLElement {
  const list = el('ul', 'skinning-inputs');
  list.id = 'skinning-inputs';
  const item = (role: string, name: string, text: string, bad = false): void => {
    const li = el('li', bad ? 'failure' : '');
    li.dataset.name = name;
    li.dataset.role = role;
    li.append(el('strong', '', `${role}: `), el('code', '', name), ` ${text}`);
    list.append(li);
  };
  if (state.meshBones !== null) item('MeshBones', state.meshBones.name, `(${plural(state.meshBones.meshBones.length, 'MeshBone')})`);
  if (state.palette !== null)
    item('palette', state.palette.name, Array.isArray(state.palette.json) ? `(${plural(state.palette.json.length, 'entry')})` : '');
  for (const c of state.constants) item('constants', c.name, `(${c.bytes.length} bytes)`);
  for (const r of state.refused) item(`${r.as} refused`, r.name, r.message, true);
  return list;
}

/** The Skinning tab: the inputs, then the MeshBones (and capture) against the selected Skeleton. */
export function renderSkinning(
  view: HTMLElement,
  state: SkinningState,
  selected: { name: string; skeleton: Skeleton | null } | null,
  name: (hash: number) => string,
): void {
  view.replaceChildren(el('h1', '', 'Skinning'));
  const empty = state.meshBones === null && state.palette === null && state.constants.length === 0 && state.refused.length === 0;
  if (empty) {
    view.append(
      el(
        'p',
        'empty-note',
        'Drop a MeshBones JSON (*.meshbones.json), optionally a palette (*.palette.json) and constants dumps (*.bin, one a frame) to check them against the selected Skeleton.',
      ),
    );
    return;
  }
  view.append(inputsList(state));
  if (state.meshBones === null) {
    view.append(el('p', 'empty-note', 'No MeshBones: drop a *.meshbones.json.'));
    return;
  }
  if (selected === null || selected.skeleton === null) {
    view.append(el('p', 'empty-note', 'Select a Skeleton to check the MeshBones against.'));
    return;
  }
  const skeleton = selected.skeleton;
  const meshBones = state.meshBones.meshBones;
  const refuse = (what: string, error: unknown): void => {
    const box = el('div', 'failure skinning-refusal', `${what}: ${messageOf(error)}`);
    view.append(box);
  };
  let bind;
  try {
    bind = meshBindReport(skeleton, meshBones);
  } catch (error) {
    refuse(`${state.meshBones.name} against ${selected.name}`, error);
    return;
  }
  view.append(el('h2', '', `MeshBones ${state.meshBones.name} against ${selected.name} (bind)`));
  const summary = el(
    'p',
    'skin-bind-summary',
    `${bind.rotationMatches} of ${bind.meshBones} rotations and ${bind.translationMatches} of ${bind.meshBones} translations ` +
      `match the inverse global bind (tolerance ${bind.tolerance}); ` +
      `scale ${bind.scale === null ? '— (nothing to fit)' : fixed(bind.scale)}, ` +
      `residual ${bind.residual === null ? '—' : fixed(bind.residual)} over ${plural(bind.scaleBones, 'MeshBone')}`,
  );
  summary.dataset.meshBones = String(bind.meshBones);
  summary.dataset.rotationMatches = String(bind.rotationMatches);
  summary.dataset.translationMatches = String(bind.translationMatches);
  view.append(summary);
  const { table, body } = tableOf(['#', 'bone', 'rotation', 'rotation error', 'translation', 'translation error'], 'skin-bind');
  for (const b of bind.bones) {
    const row = body.insertRow();
    row.dataset.index = String(b.index);
    row.dataset.matches = String(b.rotationMatches && b.translationMatches);
    row.className = b.rotationMatches && b.translationMatches ? 'skin-match' : 'skin-mismatch';
    const verdict = (ok: boolean): HTMLElement => el('span', ok ? 'ok' : 'bad', ok ? 'matches' : 'differs');
    cells(row, [
      String(b.index),
      `${b.bone} ${name(b.nameHash)}`,
      verdict(b.rotationMatches),
      fixed(b.rotationError),
      verdict(b.translationMatches),
      fixed(b.translationError),
    ]);
  }
  view.append(table);

  if (state.palette === null && state.constants.length === 0) return;
  view.append(el('h2', '', 'Capture'));
  if (state.palette === null || state.constants.length === 0) {
    view.append(
      el(
        'p',
        'empty-note',
        state.palette === null
          ? 'Constants without a palette: drop a *.palette.json.'
          : 'A palette without constants: drop one *.bin dump per frame.',
      ),
    );
    return;
  }
  let palette: number[];
  try {
    palette = parsePalette(state.palette.json, meshBones.length);
  } catch (error) {
    refuse(state.palette.name, error);
    return;
  }
  const frames = [];
  for (const c of state.constants) {
    try {
      frames.push(decodePaletteConstants(c.bytes, palette.length));
    } catch (error) {
      refuse(c.name, error);
      return;
    }
  }
  let capture;
  try {
    capture = captureReport(skeleton, meshBones, palette, frames);
  } catch (error) {
    refuse(`capture of ${state.palette.name}`, error);
    return;
  }
  const totals = el(
    'p',
    'skin-capture-summary',
    `${capture.within} of ${plural(capture.pairs, 'parent–child pair')} within ${capture.tolerance} of the stored local position over ${plural(capture.frames.length, 'frame')}; largest error ${capture.maxError === null ? '— (no pair)' : fixed(capture.maxError)}`,
  );
  totals.dataset.pairs = String(capture.pairs);
  totals.dataset.within = String(capture.within);
  view.append(totals);
  const { table: offenders, body: rows } = tableOf(['frame', 'parent', 'child', 'entries', 'error'], 'skin-offenders');
  capture.frames.forEach((frame, f) => {
    for (const o of frame.offenders)
      cells(rows.insertRow(), [
        state.constants[f]!.name,
        `${o.parent} ${o.parent >= 0 ? name(skeleton.bones[o.parent]!.nameHash) : ''}`,
        `${o.child} ${name(skeleton.bones[o.child]!.nameHash)}`,
        `${o.parentEntry} → ${o.childEntry}`,
        fixed(o.error),
      ]);
  });
  if (rows.rows.length > 0) view.append(offenders);
}

/** The name to show for a hash: the dictionary's, or the hash itself. */
export function nameOrHash(resolve: (hash: number) => string | null): (hash: number) => string {
  return (hash) => resolve(hash) ?? formatHash(hash);
}
