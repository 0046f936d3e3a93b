/**
 * Files dropped on the page or picked: resources join the list, archives are listed by their
 * tables as `view` lists an archive it serves (a tree whose entries' data files are read from the
 * file when opened), and skinning inputs go to the Skinning tab. Each addition is a change of the
 * viewer state.
 */
import { classifyHeader } from '../src/index.js';
import type { ReadSettings } from './analysis.js';
import { browseArchiveFile, isArchiveFile } from './archive.js';
import type { ArchiveEntries } from './archive-listing.js';
import { failedSummary, summarizeBytes, type Entry } from './file-list.js';
import { holdSkinningInput, recogniseSkinningInput } from './skinning-tab.js';
import type { Change, ViewerState } from './state.js';

/** What adding files needs of the page. */
export interface LocalFilesContext {
  state(): ViewerState;
  update(change: Change): void;
  /** The entries of the listed archives: an archive opened here joins them. */
  loads: ArchiveEntries;
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

  let archivesAdded = 0;

  /**
   * Lists a dropped archive by its tables, as a tree like the archives `view` serves: its entries
   * at once, no data file read until an entry is opened. Tables refused (or unreadable) list
   * nothing: the archive is one row saying why, returned to be shown.
   */
  async function addArchive(file: File): Promise<Entry | null> {
    const state = context.state();
    const progress = document.getElementById('archive-progress')!;
    progress.title = file.name;
    progress.textContent = "reading the archive's tables…";
    progress.classList.remove('hidden');
    const { archive, browse } = await browseArchiveFile(file, `p${++archivesAdded}`, file.name, state.everyDataFile);
    progress.classList.add('hidden');
    if (browse === null) {
      const entry: Entry = {
        id: nextId(),
        name: file.name,
        size: null,
        note: archive.note,
        refused: archive.refused,
        bytes: null,
        summary: null,
      };
      state.entries.push(entry);
      return entry;
    }
    context.loads.addBrowsed(archive, browse);
    context.update({ archives: [...state.archives, archive] });
    // Its first rows are drawn: a mark for whoever measures (tests), with the data files read so far.
    performance.mark('viewer:archive-listed', { detail: { name: archive.name, entryRequests: context.loads.requests } });
    document.body.dataset.archiveListed = String(context.loads.requests);
    return null;
  }

  async function add(dropped: FileList | File[]): Promise<void> {
    const state = context.state();
    let last: Entry | null = null;
    let archiveAdded = false;
    let skinningAdded = false;
    for (const f of Array.from(dropped)) {
      // An archive is told by its magic, whatever its name, and listed by its tables.
      if (await isArchiveFile(f)) {
        last = (await addArchive(f)) ?? last;
        archiveAdded = true;
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
    if (last !== null || archiveAdded) {
      for (const entry of state.entries)
        if (entry.summary === null && entry.bytes !== null) entry.summary = safeSummary(entry.bytes, state.settings);
      context.update({ entries: state.entries });
      // A loose file is shown; an archive's entries are read when opened, as a served archive's.
      if (last !== null) await context.openEntry(last, -1);
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
