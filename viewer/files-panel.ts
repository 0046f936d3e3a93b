/**
 * The Files panel: loose files as a list, and each archive as a tree, archive → entry → resource,
 * its refusals grouped under one row. The list is virtualised: the rows are a flat array of what
 * is expanded and matches the filter, and only those in view are drawn, into a fixed pool of row
 * elements reused on every scroll, so 100,000 entries scroll like ten.
 */
import { forgeClassName } from '../src/index.js';
import type { ArchiveEntries, ListedArchive, ListedArchiveEntry } from './archive-listing.js';
import { count, el, noun } from './dom.js';
import { verdict, type Entry } from './file-list.js';

/** `3,000 entries`: a count grouped by thousands, and its noun. */
const plural = (n: number, word: string): string => `${count(n)} ${noun(n, word)}`;

/** A row's height in pixels (the CSS holds each row to it: one line of name, one of meta). */
export const FILE_ROW_HEIGHT = 40;
/** Rows drawn beyond the view on each side, so a small scroll shows rows already drawn. */
const OVERSCAN = 4;

/** One row of the flattened tree. */
type Row =
  | { kind: 'file'; entry: Entry; depth: number }
  | { kind: 'archive'; archive: ListedArchive }
  | { kind: 'entry'; archive: ListedArchive; item: ListedArchiveEntry }
  | { kind: 'refusals'; archive: ListedArchive; count: number };

/** What the panel asks of the page. */
export interface FilesPanelActions {
  /** Shows a file, a resource or a refusal in every panel. */
  open(entry: Entry): void;
  /** Reads an archive entry's data file (the tree shows its resources once read). */
  expand(archive: ListedArchive, item: ListedArchiveEntry): void;
}

/** The text a row is matched against by the filter: its name, class and layout. */
function rowText(row: Row): string {
  if (row.kind === 'file') return `${row.entry.name} ${row.entry.summary?.layout ?? ''}`;
  if (row.kind === 'entry') return `${row.item.name} ${forgeClassName(row.item.type) ?? ''}`;
  return '';
}

export class FilesPanel {
  private entries: readonly Entry[] = [];
  private archives: readonly ListedArchive[] = [];
  private rows: Row[] = [];
  private selected: Entry | null = null;
  private filter = '';
  /** Archives collapsed, entries expanded, refusal groups expanded: what the user opened. */
  private readonly collapsed = new Set<ListedArchive>();
  private readonly expanded = new Set<string>();
  private readonly refusalsOpen = new Set<ListedArchive>();
  private readonly pool: HTMLLIElement[] = [];
  private readonly sizer: HTMLDivElement;
  private readonly list: HTMLUListElement;
  private viewHeight = 0;
  private top = 0;
  private drawPending = false;

  constructor(
    private readonly scroll: HTMLElement,
    filterInput: HTMLInputElement,
    private readonly loads: ArchiveEntries,
    private readonly actions: FilesPanelActions,
  ) {
    this.sizer = document.createElement('div');
    this.sizer.className = 'file-sizer';
    this.list = document.createElement('ul');
    this.list.className = 'file-rows';
    scroll.replaceChildren(this.sizer, this.list);
    scroll.addEventListener('scroll', () => {
      this.top = scroll.scrollTop;
      this.schedule();
    });
    new ResizeObserver(() => {
      this.viewHeight = scroll.clientHeight;
      this.schedule();
    }).observe(scroll);
    filterInput.addEventListener('input', () => {
      this.filter = filterInput.value.trim().toLowerCase();
      this.rebuild();
    });
  }

  /** Lists these loose files and archives (the tree is rebuilt: what is expanded stays expanded). */
  render(entries: readonly Entry[], archives: readonly ListedArchive[] = this.archives): void {
    this.entries = entries;
    this.archives = archives;
    this.rebuild();
  }

  /** Redraws an entry's row (its bytes or summary arrived, or the background census checked it), when it is in view. */
  update(_entry: Entry | null = null): void {
    // Drawn at the next frame, once for every row read meanwhile: only the rows in view are drawn anyway.
    this.schedule();
  }

  /** The rows of the tree as now expanded and filtered (for tests and the keyboard: their count). */
  get rowCount(): number {
    return this.rows.length;
  }

  /** Marks the selected entry (none: null) and brings it into view. */
  select(entry: Entry | null): void {
    this.selected = entry;
    if (entry !== null) {
      const owner = this.loads.owner(entry);
      // A resource of a collapsed entry: its entry is opened, so the selection is seen.
      if (owner !== null && (!this.expanded.has(owner.key) || this.collapsed.has(owner.archive))) {
        this.expanded.add(owner.key);
        this.collapsed.delete(owner.archive);
        this.rebuild();
      }
      const index = this.rows.findIndex((r) => r.kind === 'file' && r.entry === entry);
      if (index >= 0) this.reveal(index);
    }
    this.draw();
  }

  /** Scrolls so that row `index` is in view; none when it already is. */
  private reveal(index: number): void {
    const height = this.viewHeight || this.scroll.clientHeight;
    const at = index * FILE_ROW_HEIGHT;
    if (at >= this.top && at + FILE_ROW_HEIGHT <= this.top + height) return;
    this.top = Math.max(0, at - Math.max(0, height / 2 - FILE_ROW_HEIGHT));
    this.scroll.scrollTop = this.top;
  }

  private matches(row: Row): boolean {
    return this.filter === '' || rowText(row).toLowerCase().includes(this.filter);
  }

  /** Flattens the tree: loose files, then each archive with its entries (and their resources when expanded) and its refusals. */
  private rebuild(): void {
    const rows: Row[] = [];
    for (const entry of this.entries) {
      const row: Row = { kind: 'file', entry, depth: 0 };
      if (this.matches(row)) rows.push(row);
    }
    for (const archive of this.archives) {
      const head = rows.length;
      rows.push({ kind: 'archive', archive });
      const refused: Entry[] = this.loads.refusalsOf(archive);
      if (!this.collapsed.has(archive)) {
        for (const item of archive.entries) {
          const load = this.loads.loaded(archive, item.number);
          const row: Row = { kind: 'entry', archive, item };
          const resources = load !== undefined && this.expanded.has(this.loads.key(archive, item.number)) ? load.resources : [];
          const shown = resources.map((entry): Row => ({ kind: 'file', entry, depth: 2 })).filter((r) => this.matches(r));
          if (!this.matches(row) && shown.length === 0) continue;
          rows.push(row, ...shown);
        }
        if (refused.length > 0) {
          rows.push({ kind: 'refusals', archive, count: refused.length });
          if (this.refusalsOpen.has(archive)) for (const entry of refused) rows.push({ kind: 'file', entry, depth: 2 });
        }
      }
      // An archive none of whose rows match is left out while filtering (its refusals do not match a name).
      if (this.filter !== '' && rows.length === head + 1 && !this.collapsed.has(archive)) rows.pop();
    }
    this.rows = rows;
    this.sizer.style.height = `${rows.length * FILE_ROW_HEIGHT}px`;
    this.draw();
  }

  private schedule(): void {
    if (this.drawPending) return;
    this.drawPending = true;
    requestAnimationFrame(() => {
      this.drawPending = false;
      this.draw();
    });
  }

  /** Draws the rows in view into the pool. */
  private draw(): void {
    if (this.viewHeight === 0) this.viewHeight = this.scroll.clientHeight;
    const first = Math.max(0, Math.floor(this.top / FILE_ROW_HEIGHT) - OVERSCAN);
    const count = Math.min(
      this.rows.length - first,
      Math.ceil(Math.max(this.viewHeight, FILE_ROW_HEIGHT) / FILE_ROW_HEIGHT) + 2 * OVERSCAN,
    );
    this.list.style.transform = `translateY(${first * FILE_ROW_HEIGHT}px)`;
    for (let i = 0; i < Math.max(count, 0); i++) this.fill(this.rowElement(i), this.rows[first + i]!);
    // Rows left over are emptied too, so that no stale row is found where none is drawn.
    for (let i = Math.max(count, 0); i < this.pool.length; i++) {
      const li = this.pool[i]!;
      if (li.hidden) continue;
      li.hidden = true;
      li.replaceChildren();
      li.className = '';
      delete li.dataset.id;
      delete li.dataset.entry;
      delete li.dataset.row;
    }
  }

  private rowElement(index: number): HTMLLIElement {
    let li = this.pool[index];
    if (li === undefined) {
      li = document.createElement('li');
      const row = li;
      row.addEventListener('click', () => this.clicked(row));
      this.pool.push(row);
      this.list.append(row);
    }
    li.hidden = false;
    return li;
  }

  /** The row a pool element now shows, by its index among the rows. */
  private clicked(li: HTMLLIElement): void {
    const row = this.rows[Number(li.dataset.row)];
    if (row === undefined) return;
    if (row.kind === 'file') this.actions.open(row.entry);
    else if (row.kind === 'archive') {
      if (!this.collapsed.delete(row.archive)) this.collapsed.add(row.archive);
      this.rebuild();
    } else if (row.kind === 'refusals') {
      if (!this.refusalsOpen.delete(row.archive)) this.refusalsOpen.add(row.archive);
      this.rebuild();
    } else {
      const key = this.loads.key(row.archive, row.item.number);
      if (this.expanded.delete(key)) this.rebuild();
      else {
        this.expanded.add(key);
        this.actions.expand(row.archive, row.item);
        this.rebuild();
      }
    }
  }

  private fill(li: HTMLLIElement, row: Row): void {
    li.dataset.row = String(this.rows.indexOf(row));
    li.className = `row-${row.kind}`;
    li.style.paddingLeft = '';
    delete li.dataset.id;
    delete li.dataset.entry;
    if (row.kind === 'file') {
      li.dataset.id = row.entry.id;
      li.classList.toggle('selected', row.entry === this.selected);
      if (row.depth > 0) li.style.paddingLeft = `${8 + 16 * row.depth}px`;
      const meta = el('div', 'file-meta');
      verdict(meta, row.entry);
      li.replaceChildren(el('div', 'file-name', row.entry.name), meta);
      li.title = row.entry.name;
      return;
    }
    if (row.kind === 'archive') {
      const a = row.archive;
      const open = !this.collapsed.has(a);
      const meta = el('div', 'file-meta');
      if (a.note !== null) meta.append(el('span', a.refused === true ? 'bad refusal-text' : 'warn', a.note));
      else
        meta.append(
          `archive · ${plural(a.entries.length, 'entry')} · ${plural(a.entries.filter((e) => e.skeletal).length, 'skeletal data file')}`,
        );
      li.replaceChildren(el('div', 'file-name', `${open ? '▾' : '▸'} ${a.name}`), meta);
      li.title = a.name;
      return;
    }
    if (row.kind === 'refusals') {
      li.style.paddingLeft = '24px';
      const open = this.refusalsOpen.has(row.archive);
      const meta = el('div', 'file-meta');
      meta.append(el('span', 'bad refusal-text', open ? 'each with its offset and path' : 'select to list them'));
      li.replaceChildren(el('div', 'file-name', `${open ? '▾' : '▸'} ${plural(row.count, 'entry')} refused`), meta);
      li.title = '';
      return;
    }
    const { archive, item } = row;
    li.style.paddingLeft = '24px';
    li.dataset.entry = String(item.number);
    const key = this.loads.key(archive, item.number);
    const load = this.loads.loaded(archive, item.number);
    const open = this.expanded.has(key);
    const meta = el(
      'div',
      'file-meta',
      `${forgeClassName(item.type) ?? `0x${item.type.toString(16).toUpperCase().padStart(8, '0')}`} · ${plural(item.size, 'byte')}`,
    );
    if (open && load === undefined) meta.append(' · ', el('span', 'pending', 'reading…'));
    else if (load !== undefined) meta.append(` · ${plural(load.resources.length, 'skeletal record')}`);
    else if (!item.skeletal) meta.append(' · not read (no Skeleton by its type)');
    const checked = this.loads.verdicts.get(key);
    if (checked !== undefined) {
      // The background census read it: its badge, the worst of its records.
      const failing = checked.summaries.filter((s) => s.failed.length > 0 || s.refusal !== null || s.notResource !== null).length;
      const warning = checked.summaries.filter((s) => s.warnings.length > 0).length;
      meta.append(' · ');
      if (checked.refused !== null) meta.append(el('span', 'bad refusal-text badge', 'refused'));
      else if (failing > 0)
        meta.append(el('span', 'bad verdict fails badge', `${count(failing)} of ${plural(checked.summaries.length, 'record')} fail`));
      else if (warning > 0) meta.append(el('span', 'warn warnings badge', `${plural(warning, 'record')} with warnings`));
      else meta.append(el('span', 'ok verdict badge', checked.summaries.length === 0 ? 'no skeletal record' : 'valid'));
    }
    li.replaceChildren(el('div', 'file-name', `${open ? '▾' : '▸'} entry ${item.number} ${JSON.stringify(item.name)}`), meta);
    li.title = `${archive.name}: entry ${item.number} ${JSON.stringify(item.name)}`;
  }
}
