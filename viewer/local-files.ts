/**
 * Files dropped on the page or picked: resources join the list, archives are read a data file at
 * a time (their Skeleton and SkeletonComponent records listed as they come), and skinning inputs
 * go to the Skinning tab. Each addition is a change of the viewer state.
 */
import { classifyHeader } from '../src/index.js';
import type { ReadSettings } from './analysis.js';
import { isArchiveFile, readArchiveFile } from './archive.js';
import { plural } from './dom.js';
import { failedSummary, summarizeBytes, type Entry } from './file-list.js';
import type { FilesPanel } from './files-panel.js';
import { holdSkinningInput, recogniseSkinningInput } from './skinning-tab.js';
import type { Change, ViewerState } from './state.js';

/** What adding files needs of the page. */
export interface LocalFilesContext {
  state(): ViewerState;
  update(change: Change): void;
  /** The list, redrawn a few times a second while an archive is read. */
  files: FilesPanel;
  openEntry(entry: Entry, bone: number): Promise<void>;
}

/** A file's row summary, or the page's fault said as one (never a throw: one bad file does not stop the list). */
export function safeSummary(bytes: Uint8Array, settings: ReadSettings): Entry['summary'] {
  try {
    return summarizeBytes(bytes, settings);
  } catch (error) {
    return failedSummary(error);
  }
}

/** Adds dropped or picked files, and wires the drop zone and the file picker to do so. */
export function wireLocalFiles(context: LocalFilesContext): void {
  let added = 0;
  const nextId = (): string => `local-${++added}`;

  /**
   * Lists every Skeleton and SkeletonComponent record of a dropped archive (and its refusals), with
   * progress in the bar; returns the entry to show first: its first record, else its first entry.
   */
  async function addArchive(file: File): Promise<Entry | null> {
    const state = context.state();
    const progress = document.getElementById('archive-progress')!;
    progress.title = file.name;
    progress.classList.remove('hidden');
    const listed: Entry[] = [];
    let drawn = performance.now();
    await readArchiveFile(file, file.name, {
      everyDataFile: state.everyDataFile,
      onProgress: (done, total) => {
        progress.textContent = `reading archive… ${done} of ${plural(total, 'data file')}`;
        // The list grows as the archive is read, redrawn a few times a second at most.
        if (performance.now() - drawn > 250) {
          context.files.render(state.entries);
          drawn = performance.now();
        }
      },
      onItem: (item) => {
        const entry: Entry = {
          id: nextId(),
          name: item.name,
          size: item.bytes?.length ?? null,
          note: item.note ?? 'read from the archive in the browser',
          refused: item.refused,
          origin: item.origin,
          bytes: item.bytes,
          summary: item.bytes === null ? null : safeSummary(item.bytes, state.settings),
        };
        state.entries.push(entry);
        listed.push(entry);
      },
    });
    progress.classList.add('hidden');
    context.update({ entries: state.entries });
    return listed.find((e) => e.bytes !== null) ?? listed[0] ?? null;
  }

  async function add(dropped: FileList | File[]): Promise<void> {
    const state = context.state();
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
      const dialect = state.settings.dialect ?? undefined;
      const skinningInput = classifyHeader(bytes, dialect).length === 0 ? recogniseSkinningInput(f.name, bytes) : null;
      if (skinningInput !== null) {
        holdSkinningInput(state.skinning, skinningInput);
        skinningAdded = true;
        continue;
      }
      const entry: Entry = { id: nextId(), name: f.name, size: bytes.length, note: 'opened in the browser', bytes, summary: null };
      state.entries.push(entry);
      last = entry;
    }
    if (last !== null) {
      for (const entry of state.entries)
        if (entry.summary === null && entry.bytes !== null) entry.summary = safeSummary(entry.bytes, state.settings);
      context.update({ entries: state.entries });
      await context.openEntry(last, -1);
      // The files held changed: the reports are made again (now for the tab shown, the others when shown).
      context.update({ revision: state.revision + 1, assemblies: null });
    }
    context.update(skinningAdded ? { skinning: state.skinning, tab: 'skinning' } : { skinning: state.skinning });
  }

  const overlay = document.getElementById('drop-overlay')!;
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
    if (files && files.length > 0) void add(files);
  });
  const picker = document.getElementById('file-picker') as HTMLInputElement;
  picker.addEventListener('change', () => {
    if (picker.files && picker.files.length > 0) void add(picker.files).then(() => (picker.value = ''));
  });
}
