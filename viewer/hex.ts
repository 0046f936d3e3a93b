/**
 * The hex panel, virtualised: only the rows in view exist in the DOM, a fixed pool reused on every
 * scroll, so a 25 MB file scrolls as smoothly as a small one. Past a few million pixels the scroll
 * position maps to rows proportionally (browsers cap an element's height).
 */
import { boneOfSpan, regionAt, type OpenedFile } from './analysis.js';
import { el } from './dom.js';
import { spanValue } from './values.js';

export const BYTES_PER_ROW = 16;
const ROW_HEIGHT = 18;
const MAX_SCROLL_HEIGHT = 4_000_000;

export interface HexHooks {
  /** A byte was clicked. */
  pick(offset: number): void;
  /** Words for the tooltip of the region holding a byte. */
  describe(offset: number): ByteDescription | null;
}

/** What the tooltip of a byte says: the innermost field holding it, its confidence, type and value. */
export interface ByteDescription {
  path: string;
  confidence: string;
  value: string;
  type: string;
}

/** The span (an index into the file's spans) whose bytes hold `offset` innermost, or -1 outside every field. */
export function spanAt(file: OpenedFile, offset: number): number {
  const region = regionAt(file.regions, offset);
  return region < 0 ? -1 : Math.max(-1, file.regions.owner[region]!);
}

/** The bone a byte belongs to (its field's first segments are `bones`, i), or -1. */
export function boneAt(file: OpenedFile, offset: number): number {
  const owner = spanAt(file, offset);
  return owner < 0 ? -1 : boneOfSpan(file.spans[owner]!);
}

/** The tooltip's words for a byte of the file, or null past its end. */
export function describeByte(file: OpenedFile, offset: number): ByteDescription | null {
  const region = regionAt(file.regions, offset);
  if (region < 0) return null;
  const owner = file.regions.owner[region]!;
  if (owner === -2) return { path: '(after the refusal: not read)', confidence: '', type: '', value: '' };
  if (owner === -1) return { path: '(outside every field)', confidence: '', type: '', value: '' };
  const span = file.spans[owner]!;
  const info = file.fieldInfo(span.path);
  const leaf = file.regions.leaf[region] === 1;
  return {
    path: leaf ? span.path : `${span.path} (count or tag)`,
    confidence: info?.confidence ?? '',
    type: info?.type ?? '',
    value: leaf ? spanValue(file, owner) : '',
  };
}

/** The class naming a confidence in the CSS (`public reading` → `public`). */
export function confidenceClass(confidence: string | null | undefined): string {
  if (confidence === null || confidence === undefined) return 'c-tag';
  return confidence === 'public reading' ? 'c-public' : `c-${confidence}`;
}

/** The legend of the hex colours: one swatch per confidence, and the colour of counts and tags. */
export function renderHexLegend(legend: HTMLElement): void {
  legend.replaceChildren();
  for (const c of ['Proven', 'Observed', 'Inferred', 'Unknown', 'public reading']) legend.append(el('span', confidenceClass(c), c));
  legend.append(el('span', 'c-tag', 'count or tag'));
}

const ascii = (b: number): string => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.');
const hex2 = (b: number): string => b.toString(16).padStart(2, '0');

export class HexView {
  private file: OpenedFile | null = null;
  private readonly pool: { row: HTMLDivElement; off: HTMLSpanElement; cells: HTMLSpanElement[]; text: HTMLSpanElement }[] = [];
  private field: [number, number] | null = null;
  private bone: [number, number] | null = null;
  private failing: [number, number][] = [];
  private classCache = new Map<number, string>();
  private frame = 0;
  /** The scroll box's height, kept by a ResizeObserver: reading clientHeight on every render would force a layout of the whole page. */
  private viewHeight = 0;
  /** The scroll position as last set or scrolled to, for the same reason. */
  private top = 0;

  constructor(
    private readonly scroll: HTMLElement,
    private readonly sizer: HTMLElement,
    private readonly rows: HTMLElement,
    private readonly tip: HTMLElement,
    private readonly hooks: HexHooks,
  ) {
    scroll.addEventListener('scroll', () => {
      this.top = scroll.scrollTop;
      this.schedule();
    });
    new ResizeObserver((entries) => {
      this.viewHeight = entries[entries.length - 1]!.contentRect.height;
      this.schedule();
    }).observe(scroll);
    rows.addEventListener('click', (event) => {
      const offset = this.offsetOf(event.target);
      if (offset !== null) hooks.pick(offset);
    });
    rows.addEventListener('mousemove', (event) => this.hover(event));
    rows.addEventListener('mouseleave', () => tip.classList.add('hidden'));
  }

  private offsetOf(target: EventTarget | null): number | null {
    if (!(target instanceof HTMLElement) || target.dataset.o === undefined || target.dataset.o === '') return null;
    return Number(target.dataset.o);
  }

  private hover(event: MouseEvent): void {
    const offset = this.offsetOf(event.target);
    const info = offset === null ? null : this.hooks.describe(offset);
    if (offset === null || info === null) {
      this.tip.classList.add('hidden');
      return;
    }
    this.tip.replaceChildren();
    const line = (cls: string, text: string): void => {
      const div = document.createElement('div');
      div.className = cls;
      div.textContent = text;
      this.tip.append(div);
    };
    line('path', info.path);
    line('', `offset 0x${offset.toString(16).toUpperCase()} (${offset})  ${info.confidence}`);
    if (info.type !== '') line('', info.type);
    if (info.value !== '') line('', `= ${info.value}`);
    this.tip.classList.remove('hidden');
    const x = Math.min(event.clientX + 14, window.innerWidth - this.tip.offsetWidth - 8);
    const y =
      event.clientY + 16 + this.tip.offsetHeight > window.innerHeight ? event.clientY - this.tip.offsetHeight - 8 : event.clientY + 16;
    this.tip.style.left = `${x}px`;
    this.tip.style.top = `${y}px`;
  }

  setFile(file: OpenedFile | null): void {
    this.file = file;
    this.classCache = new Map();
    this.field = null;
    this.bone = null;
    this.failing = [];
    const rows = file === null ? 0 : Math.ceil(file.bytes.length / BYTES_PER_ROW);
    this.sizer.style.height = `${Math.min(rows * ROW_HEIGHT, MAX_SCROLL_HEIGHT)}px`;
    this.scroll.scrollTop = 0;
    this.top = 0;
    this.render();
  }

  setSelection(field: [number, number] | null, bone: [number, number] | null, failing: [number, number][]): void {
    this.field = field;
    this.bone = bone;
    this.failing = failing;
    this.render();
  }

  private geometry(): { totalRows: number; viewRows: number; maxFirst: number; maxScroll: number; scaled: boolean } {
    const totalRows = this.file === null ? 0 : Math.ceil(this.file.bytes.length / BYTES_PER_ROW);
    if (this.viewHeight === 0) this.viewHeight = this.scroll.clientHeight;
    const viewRows = Math.max(1, Math.ceil(this.viewHeight / ROW_HEIGHT));
    const height = Math.min(totalRows * ROW_HEIGHT, MAX_SCROLL_HEIGHT);
    return {
      totalRows,
      viewRows,
      maxFirst: Math.max(0, totalRows - viewRows),
      maxScroll: Math.max(0, height - this.viewHeight),
      scaled: totalRows * ROW_HEIGHT > MAX_SCROLL_HEIGHT,
    };
  }

  /** The first row shown at the current scroll position. */
  firstRow(): number {
    const g = this.geometry();
    if (!g.scaled) return Math.min(g.maxFirst, Math.floor(this.top / ROW_HEIGHT));
    return g.maxScroll === 0 ? 0 : Math.round((Math.min(this.top, g.maxScroll) / g.maxScroll) * g.maxFirst);
  }

  /** Scrolls so that `offset` is in view, a few rows below the top; no scroll when it already is. */
  reveal(offset: number): void {
    const g = this.geometry();
    const row = Math.floor(offset / BYTES_PER_ROW);
    const first = this.firstRow();
    if (row >= first && row < first + g.viewRows - 1) return;
    const target = Math.max(0, Math.min(g.maxFirst, row - 3));
    this.top = g.scaled ? (g.maxFirst === 0 ? 0 : (target / g.maxFirst) * g.maxScroll) : target * ROW_HEIGHT;
    this.scroll.scrollTop = this.top;
    this.render();
  }

  private schedule(): void {
    if (this.frame !== 0) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  private rowElements(index: number): (typeof this.pool)[number] {
    let entry = this.pool[index];
    if (entry === undefined) {
      const row = document.createElement('div');
      row.className = 'hex-row';
      const off = document.createElement('span');
      off.className = 'hex-off';
      const bytes = document.createElement('span');
      bytes.className = 'hex-bytes';
      const cells: HTMLSpanElement[] = [];
      for (let i = 0; i < BYTES_PER_ROW; i++) {
        const cell = document.createElement('span');
        bytes.append(cell);
        cells.push(cell);
      }
      const text = document.createElement('span');
      text.className = 'hex-ascii';
      row.append(off, bytes, text);
      this.rows.append(row);
      entry = { row, off, cells, text };
      this.pool[index] = entry;
    }
    return entry;
  }

  private regionClass(file: OpenedFile, region: number): string {
    const cached = this.classCache.get(region);
    if (cached !== undefined) return cached;
    const owner = file.regions.owner[region]!;
    let cls: string;
    if (owner === -2) cls = 'c-past';
    else if (owner === -1) cls = 'c-none';
    else if (file.regions.leaf[region] === 0) cls = 'c-tag';
    else cls = confidenceClass(file.fieldInfo(file.spans[owner]!.path)?.confidence);
    this.classCache.set(region, cls);
    return cls;
  }

  render(): void {
    const file = this.file;
    const g = this.geometry();
    const first = this.firstRow();
    const shown = file === null ? 0 : Math.min(g.viewRows + 1, g.totalRows - first);
    this.rows.style.top = `${g.scaled ? Math.min(this.top, g.maxScroll) : first * ROW_HEIGHT}px`;
    for (let r = 0; r < shown; r++) {
      const { row, off, cells, text } = this.rowElements(r);
      row.classList.remove('hidden');
      const base = (first + r) * BYTES_PER_ROW;
      off.textContent = base.toString(16).padStart(8, '0');
      let region = regionAt(file!.regions, base);
      let chars = '';
      for (let i = 0; i < BYTES_PER_ROW; i++) {
        const cell = cells[i]!;
        const o = base + i;
        if (o >= file!.bytes.length) {
          cell.className = i === 8 ? 'b empty gap8' : 'b empty';
          cell.textContent = '  ';
          cell.dataset.o = '';
          continue;
        }
        while (region >= 0 && region < file!.regions.count && file!.regions.ends[region]! <= o) region++;
        const b = file!.bytes[o]!;
        chars += ascii(b);
        let cls = `b ${region >= 0 && region < file!.regions.count ? this.regionClass(file!, region) : 'c-none'}`;
        if (i === 8) cls += ' gap8';
        if (this.bone !== null && o >= this.bone[0] && o < this.bone[1]) cls += ' in-bone';
        if (this.field !== null && o >= this.field[0] && o < this.field[1]) cls += ' in-field';
        for (const [s, e] of this.failing) if (o >= s && o < e) cls += ' failing';
        if (file!.refusal !== null && o === file!.refusal.offset) cls += ' refusal';
        cell.className = cls;
        cell.textContent = hex2(b);
        cell.dataset.o = String(o);
      }
      text.textContent = chars;
    }
    for (let r = shown; r < this.pool.length; r++) this.pool[r]!.row.classList.add('hidden');
  }
}
