/**
 * The Skinning tab, with the library's public API only: dropped MeshBones, palette and constants
 * files recognised and held, and `meshBindReport` / `captureReport` of them against the selected
 * Skeleton.
 */
import {
  captureReport,
  constantsBytesNeeded,
  decodePaletteConstants,
  meshBindReport,
  parseMeshBones,
  parsePalette,
  REGISTER_BYTES,
  SkinningInputError,
  type MeshBone,
  type Skeleton,
} from '../src/index.js';
import { cells, el, fixed, plural, tableOf } from './dom.js';

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
  for (const c of state.constants) item('constants', c.name, `(${plural(c.bytes.length, 'byte')})`);
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
    `${bind.rotationMatches} of ${plural(bind.meshBones, 'rotation')} and ${bind.translationMatches} of ${plural(bind.meshBones, 'translation')} ` +
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
