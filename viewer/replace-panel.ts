/**
 * The Edit tab: an edit applied onto the selected Skeleton of an archive opened in the page, and the
 * archive written again with it. The edit is a glTF exported from that Skeleton and edited (applied
 * with the library's `applyArmature`, as `import` applies it: default axes, the page's bone names)
 * or an edited `.Skeleton` taken as it is; the tab says what changed (or why it was refused) and how
 * the edited Skeleton's checks compare with the selected one's. Saving runs `replaceResources` with
 * the edit aimed at the selected record's entry and resource, reading the archive a range at a time
 * (a dropped file, or the server's `api/archive/<id>`), and offers the result as a download.
 */
import {
  checkSkeletonResource,
  classifyHeader,
  openForge,
  ParseError,
  readResource,
  skeletonFromResource,
  blobSource,
  formatHash,
  type CheckResult,
  type Resource,
} from '../src/index.js';
import { applyArmature, ArmatureImportError, type ArmatureImport, type GltfInput } from '../src/gltf.js';
import { ReplacementRefusal, replaceResources, type ByteSink, type ReplaceReport } from '../src/index.js';
import type { OpenedFile, ReadSettings } from './analysis.js';
import { rangeSource } from './archive.js';
import { cells, count, el, plural, tableOf } from './dom.js';
import type { ArchiveOrigin, Entry } from './file-list.js';
import { formatValue, hexOffset, idWidthOf } from './values.js';
import { severityClass, severityOf } from './verdict.js';

/** What the panel needs of the page. */
export interface ReplaceHooks {
  settings: () => ReadSettings;
  /** Brings the Edit tab into view. */
  showTab: () => void;
}

type SkeletonResource = Extract<Resource, { kind: 'Skeleton' }>;

/** The selected record an edit goes onto: a Skeleton read in full, from an archive opened in the page. */
interface Target {
  entry: Entry;
  file: OpenedFile;
  resource: SkeletonResource;
  origin: ArchiveOrigin;
}

/** The edit picked: its body and the report of how it was made, or why it was refused (no body). */
type Edit =
  | { kind: 'gltf'; name: string; result: ArmatureImport; body: Uint8Array }
  | { kind: 'file'; name: string; body: Uint8Array; resource: Resource | null; refusal: string | null }
  | { kind: 'refused'; name: string; reason: string | null; message: string };

/** The last save: under way, written (its download), or refused. */
type Saved =
  | { kind: 'writing'; done: number; total: number }
  | { kind: 'saved'; report: ReplaceReport; fileName: string; url: string }
  | { kind: 'refused'; message: string };

/** The written archive gathered as Blob parts, folded into one Blob every 32 MiB: the page holds at most that much itself. */
class BlobSink implements ByteSink {
  private blob = new Blob([]);
  private parts: Uint8Array<ArrayBuffer>[] = [];
  private held = 0;

  write(bytes: Uint8Array): void {
    this.parts.push(bytes as Uint8Array<ArrayBuffer>);
    this.held += bytes.length;
    if (this.held >= 32 << 20) this.fold();
  }

  /** Everything written, as one Blob. */
  finish(): Blob {
    this.fold();
    return this.blob;
  }

  private fold(): void {
    // A Blob made of a Blob refers to its bytes; only the parts held are copied, once.
    this.blob = new Blob([this.blob, ...this.parts], { type: 'application/octet-stream' });
    this.parts = [];
    this.held = 0;
  }
}

const isGlb = (b: Uint8Array): boolean => b.length >= 4 && b[0] === 0x67 && b[1] === 0x6c && b[2] === 0x54 && b[3] === 0x46;
const bytesOf = async (file: File): Promise<Uint8Array> => new Uint8Array(await file.arrayBuffer());

/** `DataPC.forge` → `DataPC.modded.forge`. */
export const moddedName = (archive: string): string => `${archive.replace(/\.forge$/i, '')}.modded.forge`;

/**
 * The glTF to apply from the files picked: a `.glb`'s bytes, or a `.gltf`'s JSON with each external
 * buffer or image it names taken from the other files picked, by file name.
 */
async function gltfInput(primary: Uint8Array, others: readonly File[]): Promise<GltfInput> {
  if (isGlb(primary) || others.length === 0) return primary;
  let uris: unknown[];
  try {
    const json = JSON.parse(new TextDecoder().decode(primary)) as { buffers?: { uri?: unknown }[]; images?: { uri?: unknown }[] };
    uris = [...(json.buffers ?? []), ...(json.images ?? [])].map((item) => item?.uri);
  } catch {
    return primary; // not JSON: the library refuses it with its reason
  }
  const resources: Record<string, Uint8Array> = {};
  for (const uri of uris) {
    if (typeof uri !== 'string' || uri.startsWith('data:')) continue;
    let name: string;
    try {
      name = decodeURIComponent(uri).split('/').pop()!;
    } catch {
      continue;
    }
    const file = others.find((f) => f.name === name);
    if (file !== undefined) resources[uri] = await bytesOf(file);
  }
  return { json: primary, resources };
}

/** An element of a class holding text and nodes. */
const holding = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  ...parts: (string | Node)[]
): HTMLElementTagNameMap[K] => {
  const node = el(tag, className);
  node.append(...parts);
  return node;
};

const signed = (v: number): string => (v >= 0 ? `+${v.toFixed(6)}` : v.toFixed(6));
const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** A check's status in a cell, in the failure or warning colour when it failed. */
function statusCell(check: CheckResult | undefined): HTMLElement {
  if (check === undefined) return el('span', 'hint', '—');
  const severity = severityOf(check);
  const text = check.status === 'failed' ? `failed (${plural(check.offenderCount, 'offender')})` : check.status;
  return el('span', severity === null ? '' : severityClass(severity), text);
}

/** The verdict of a set of checks, as the Files panel words it. */
function verdictOf(checks: readonly CheckResult[]): HTMLElement {
  const failed = checks.filter((c) => severityOf(c) === 'fails').map((c) => c.id);
  const warnings = checks.filter((c) => severityOf(c) === 'warns').map((c) => c.id);
  if (failed.length > 0) return el('span', 'bad', `fails · ${plural(failed.length, 'Proven check')} failed (${failed.join(', ')})`);
  if (warnings.length > 0) return el('span', 'warn', `valid · ${plural(warnings.length, 'warning')} (${warnings.join(', ')})`);
  return el('span', 'ok', 'valid');
}

export class ReplacePanel {
  private target: Target | null = null;
  /** Why the selection takes no edit, when it takes none. */
  private why = 'nothing is selected';
  private edit: Edit | null = null;
  private saved: Saved | null = null;
  /** Bumped when the target or the edit changes: a save or an apply that finishes after is let go. */
  private generation = 0;

  private readonly view = document.getElementById('edit-view')!;
  private readonly picker = document.getElementById('edit-picker') as HTMLInputElement;
  /** The Inspector's "Apply an edit…", shown while the selection takes one. */
  private readonly shortcut = document.getElementById('edit-shortcut')!;

  /** Draws into the page's `#edit-view`, picks with `#edit-picker`, and shows `#edit-shortcut` when an edit applies. */
  constructor(private readonly hooks: ReplaceHooks) {
    const picker = this.picker;
    picker.addEventListener('change', () => {
      const files = Array.from(picker.files ?? []);
      if (files.length > 0) void this.apply(files).finally(() => (picker.value = ''));
    });
    this.draw();
  }

  /** The selection changed: the tab now offers an edit of it (the same record keeps its edit and save). */
  select(entry: Entry | null, file: OpenedFile | null): void {
    if (entry !== null && entry === this.target?.entry && file?.resource?.kind === 'Skeleton') {
      this.target.file = file;
      this.target.resource = file.resource;
      this.draw();
      return;
    }
    this.reset();
    const resource = file?.resource ?? null;
    if (entry === null) this.why = 'nothing is selected';
    else if (entry.origin === undefined) this.why = `${entry.name} is not a record of an archive opened here`;
    else if (file === null || file.refusal !== null || resource === null)
      this.why = `${entry.name} was not read in full, so no edit applies to it`;
    else if (resource.kind !== 'Skeleton') this.why = `${entry.name} is a ${resource.kind}: an edit applies to a Skeleton`;
    else this.target = { entry, file, resource, origin: entry.origin };
    this.draw();
  }

  private reset(): void {
    this.generation++;
    this.target = null;
    this.edit = null;
    this.forgetSave();
  }

  private forgetSave(): void {
    if (this.saved?.kind === 'saved') URL.revokeObjectURL(this.saved.url);
    this.saved = null;
  }

  /** Applies the files picked onto the target: a glTF (with the files it names), or a resource as it is. */
  private async apply(files: File[]): Promise<void> {
    const target = this.target;
    if (target === null) return;
    const generation = ++this.generation;
    this.forgetSave();
    const primary = files.find((f) => /\.(glb|gltf)$/i.test(f.name)) ?? files[0]!;
    const others = files.filter((f) => f !== primary);
    const settings = this.hooks.settings();
    let edit: Edit;
    try {
      edit = await this.editOf(target, primary, others, settings);
    } catch (error) {
      edit = { kind: 'refused', name: primary.name, reason: null, message: `could not be read: ${(error as Error).message}` };
    }
    if (generation !== this.generation) return;
    this.edit = edit;
    this.draw();
    this.hooks.showTab();
  }

  /** The edit the files make: a resource (told by its header) as it is, else a glTF applied onto the target. */
  private async editOf(target: Target, primary: File, others: readonly File[], settings: ReadSettings): Promise<Edit> {
    const name = primary.name;
    const bytes = await bytesOf(primary);
    if (classifyHeader(bytes, settings.dialect ?? undefined).length > 0) {
      try {
        const read = readResource(bytes, { dialect: settings.dialect ?? undefined, reading: settings.reading });
        return { kind: 'file', name, body: bytes, resource: read?.resource ?? null, refusal: null };
      } catch (error) {
        const refusal = error instanceof ParseError ? `refused at ${error.message}` : `could not be read: ${(error as Error).message}`;
        // Kept: saving shows the library's own refusal of it.
        return { kind: 'file', name, body: bytes, resource: null, refusal };
      }
    }
    try {
      const result = await applyArmature(target.resource, await gltfInput(bytes, others), {
        boneName: (bone) => settings.resolve(bone.nameHash),
      });
      return { kind: 'gltf', name, result, body: result.bytes };
    } catch (error) {
      if (error instanceof ArmatureImportError) return { kind: 'refused', name, reason: error.reason, message: error.message };
      return { kind: 'refused', name, reason: null, message: `could not be applied: ${(error as Error).message}` };
    }
  }

  /** Writes the archive with the edit in place of the target, and offers it for download. */
  private async save(): Promise<void> {
    const target = this.target;
    const edit = this.edit;
    if (target === null || edit === null || edit.kind === 'refused') return;
    const generation = ++this.generation;
    this.forgetSave();
    const { origin } = target;
    const writing = { kind: 'writing' as const, done: 0, total: 0 };
    this.saved = writing;
    this.draw();
    let drawn = 0;
    let saved: Saved;
    try {
      const source =
        origin.blob !== undefined ? blobSource(origin.blob) : await rangeSource(`api/archive/${encodeURIComponent(origin.archive ?? '')}`);
      // Over HTTP each read is a request: copied in larger ranges.
      const chunkSize = origin.blob !== undefined ? 1 << 20 : 8 << 20;
      const forge = await openForge(source);
      const sink = new BlobSink();
      const report = await replaceResources(
        forge,
        [{ body: edit.body, target: { entry: origin.entry, resource: origin.resource }, label: edit.name }],
        sink,
        {
          chunkSize,
          onProgress: (done, total) => {
            writing.done = done;
            writing.total = total;
            if (performance.now() - drawn > 100 && generation === this.generation) {
              drawn = performance.now();
              this.drawSaved();
            }
          },
        },
      );
      const fileName = moddedName(origin.archiveName);
      saved = { kind: 'saved', report, fileName, url: URL.createObjectURL(sink.finish()) };
    } catch (error) {
      const message =
        error instanceof ReplacementRefusal
          ? `${error.message}; nothing written`
          : error instanceof ParseError
            ? `${origin.archiveName}: refused at ${error.message}; nothing written`
            : `${origin.archiveName} could not be written: ${(error as Error).message}`;
      saved = { kind: 'refused', message };
    }
    if (generation !== this.generation) {
      if (saved.kind === 'saved') URL.revokeObjectURL(saved.url);
      return;
    }
    this.saved = saved;
    this.draw();
    if (saved.kind === 'saved') this.view.querySelector<HTMLAnchorElement>('#edit-download')?.click();
  }

  // ---- drawing ----------------------------------------------------------------------------------

  private draw(): void {
    this.shortcut.classList.toggle('hidden', this.target === null);
    const target = this.target;
    if (target === null) {
      this.view.replaceChildren(
        el('div', 'empty-note', `No edit to apply: ${this.why}.`),
        el(
          'p',
          'hint',
          'Select a Skeleton read from a .forge archive (dropped, picked, or listed by `view archive.forge`) to apply an edit to it — a glTF exported from it and edited, or an edited .Skeleton — and save the archive with it replaced.',
        ),
      );
      return;
    }
    const { origin } = target;
    const head = el('h2', '', target.entry.name);
    const where = el(
      'p',
      '',
      `entry ${origin.entry}, resource ${origin.resource} of ${origin.archiveName} · ${plural(target.file.bytes.length, 'byte')}`,
    );
    where.id = 'edit-target';
    const pick = el('label', 'button', 'Apply an edit…');
    pick.htmlFor = this.picker.id;
    const hint = el(
      'span',
      'hint',
      ' a .glb or .gltf exported from this Skeleton and edited (pick a .gltf together with the files it names), or an edited .Skeleton',
    );
    const result = el('section');
    result.id = 'edit-result';
    if (this.edit !== null) this.drawEdit(result, target, this.edit);
    this.view.replaceChildren(head, where, holding('p', '', pick, hint), result);
    this.drawSaved();
  }

  private drawEdit(box: HTMLElement, target: Target, edit: Edit): void {
    box.append(el('h3', '', `the edit: ${edit.name}`));
    let edited: SkeletonResource | null = null;
    if (edit.kind === 'refused') {
      const line = el('div', 'failure', `import refused${edit.reason === null ? '' : ` (${edit.reason})`}: ${edit.message}`);
      line.id = 'edit-refusal';
      box.append(line, el('p', 'hint', 'nothing to save: the edit was not applied'));
      return;
    }
    if (edit.kind === 'gltf') {
      const r = edit.result;
      edited = r.resource;
      const moved = r.changes.length === 0 ? 'no bone moved' : `${plural(r.changes.length, 'local')} changed`;
      const below = r.globalsRecomputed.length > 0 ? `, ${plural(r.globalsRecomputed.length, 'more global')} recomputed below them` : '';
      const same = sameBytes(r.bytes, target.file.bytes) ? '; identical to the selected Skeleton' : '';
      const summary = el(
        'p',
        '',
        `applied onto ${plural(r.bones, 'bone')}: ${moved}${below}${same} (axes ${r.axes}; nodes matched by extras ${r.matchedBy.extras}, by name ${r.matchedBy.name}) · ${plural(r.bytes.length, 'byte')}`,
      );
      summary.id = 'edit-summary';
      box.append(summary);
      if (r.changes.length > 0) {
        const { table, body } = tableOf(['bone', 'name', 'translation (engine axes)', 'rotation'], 'edit-changes');
        table.id = 'edit-changes';
        for (const c of r.changes) {
          const row = body.insertRow();
          row.dataset.bone = String(c.index);
          cells(row, [
            String(c.index),
            c.name ?? c.nameHash,
            `(${c.translation.map(signed).join(', ')})`,
            `${c.rotationDegrees.toFixed(4)}°`,
          ]);
        }
        box.append(table);
      }
    } else {
      const resource = edit.resource;
      const summary = el('p');
      summary.id = 'edit-summary';
      if (edit.refusal !== null) {
        summary.append(el('span', 'bad', `taken as it is, but it does not read: ${edit.refusal}`));
      } else if (resource !== null) {
        const skeleton = resource.kind === 'Skeleton' ? skeletonFromResource(resource) : null;
        const id = skeleton === null ? '' : ` ${formatValue(skeleton.id, idWidthOf(skeleton.dialect))}`;
        const selected = skeletonFromResource(target.resource);
        const selectedId = formatValue(selected.id, idWidthOf(selected.dialect));
        summary.append(
          `taken as it is: a ${resource.kind}${id} (${resource.dialect})${skeleton === null ? '' : `, ${plural(skeleton.bones.length, 'bone')}`}, ${plural(edit.body.length, 'byte')}; the selected is the Skeleton ${selectedId}`,
        );
        if (resource.kind === 'Skeleton') edited = resource;
      }
      box.append(summary);
    }
    const checks = edited === null ? null : this.checks(target, edited);
    if (checks !== null) box.append(checks.verdict);
    const save = el('button', '', 'Save the archive with this Skeleton replaced');
    save.type = 'button';
    save.id = 'edit-save';
    save.disabled = this.saved?.kind === 'writing';
    save.addEventListener('click', () => void this.save());
    const saving = el('section');
    saving.id = 'edit-save-result';
    box.append(
      holding('p', '', save, el('span', 'hint', ` writes ${moddedName(target.origin.archiveName)}, the rest of the archive as it is`)),
      saving,
    );
    if (checks !== null) box.append(checks.table);
  }

  /**
   * The edited Skeleton's checks: its verdict and the checks whose status the edit changed, and
   * every check beside the selected Skeleton's (folded, below the save).
   */
  private checks(target: Target, edited: SkeletonResource): { verdict: HTMLElement; table: HTMLElement } {
    const checks = checkSkeletonResource(edited, this.hooks.settings().resolve);
    const before = new Map(target.file.checks.map((c) => [c.id, c]));
    const changed = checks.filter((c) => before.get(c.id)?.status !== c.status).map((c) => c.id);
    const verdict = holding(
      'p',
      '',
      'checks of the edited Skeleton: ',
      verdictOf(checks),
      changed.length === 0 ? ' · no check changed status' : ` · changed status: ${changed.join(', ')}`,
    );
    verdict.id = 'edit-verdict';
    const { table, body } = tableOf(['check', 'confidence', 'selected', 'edited'], 'edit-checks-table');
    for (const check of checks) {
      const row = body.insertRow();
      row.dataset.check = check.id;
      if (changed.includes(check.id)) row.classList.add('changed');
      cells(row, [check.id, check.confidence, statusCell(before.get(check.id)), statusCell(check)]);
    }
    const details = holding('details', '', holding('summary', '', `the ${plural(checks.length, 'check')}, selected and edited`), table);
    details.id = 'edit-checks';
    return { verdict, table: details };
  }

  private drawSaved(): void {
    const box = this.view.querySelector<HTMLElement>('#edit-save-result');
    if (box === null) return;
    const saved = this.saved;
    const save = this.view.querySelector<HTMLButtonElement>('#edit-save');
    if (save !== null) save.disabled = saved?.kind === 'writing';
    box.replaceChildren();
    if (saved === null) return;
    if (saved.kind === 'writing') {
      const line = el(
        'p',
        'progress',
        saved.total === 0 ? 'writing the archive…' : `writing the archive… ${count(saved.done)} of ${count(saved.total)} bytes`,
      );
      line.id = 'edit-progress';
      box.append(line);
      return;
    }
    if (saved.kind === 'refused') {
      const line = el('div', 'failure', `not saved: ${saved.message}`);
      line.id = 'edit-save-refusal';
      box.append(line);
      return;
    }
    const { report } = saved;
    const link = el('a', '', `download ${saved.fileName}`);
    link.id = 'edit-download';
    link.href = saved.url;
    link.download = saved.fileName;
    box.append(
      el('h3', '', `saved: ${saved.fileName}`),
      holding('p', '', `${plural(report.replaced.length, 'resource')} replaced (profile ${report.profile}) · `, link),
    );
    const { table: replaced, body: rows } = tableOf(['entry', 'resource', 'class and id', 'bytes', 'from'], 'edit-replaced');
    replaced.id = 'edit-replaced';
    for (const r of report.replaced)
      cells(rows.insertRow(), [
        `${r.entry} ${JSON.stringify(r.entryName)}`,
        `${r.resource} ${JSON.stringify(r.resourceName)}`,
        `${r.className ?? formatHash(r.classHash)} ${formatValue(r.id, 16)}`,
        `${count(r.oldSize)} → ${count(r.newSize)}`,
        r.label,
      ]);
    const { table: rebuilt, body: files } = tableOf(['data file of entry', 'bytes', 'offset', 'blocks'], 'edit-rebuilt');
    rebuilt.id = 'edit-rebuilt';
    for (const d of report.rebuilt)
      cells(files.insertRow(), [
        `${d.entry} ${JSON.stringify(d.entryName)}`,
        `${count(d.oldSize)} → ${count(d.newSize)}`,
        d.oldOffset === d.newOffset ? hexOffset(d.newOffset) : `${hexOffset(d.oldOffset)} → ${hexOffset(d.newOffset)}`,
        d.blocks,
      ]);
    const totals = el(
      'p',
      '',
      `${plural(report.moved, 'later data file')} moved, unchanged · archive ${count(report.oldArchiveSize)} → ${count(report.newArchiveSize)} bytes`,
    );
    totals.id = 'edit-totals';
    box.append(replaced, rebuilt, totals);
  }
}
