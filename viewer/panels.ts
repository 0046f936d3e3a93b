/**
 * The page's panels, each drawn from the viewer state alone and declaring the parts of the state
 * it depends on: `update` (in `main.ts`) redraws a panel only when one of them changed. What a
 * panel does besides drawing (scroll the selection into view, frame the rig) depends on where the
 * change came from.
 */
import { CensusAccumulator } from '../src/index.js';
import { renderAssemblies, type ComponentAssembly } from './assembly-tab.js';
import { renderCensus } from './census-view.js';
import { BackgroundCensus } from './census-background.js';
import { el, nameOrHash, plural } from './dom.js';
import type { Entry } from './file-list.js';
import { FilesPanel } from './files-panel.js';
import type { ArchiveEntries, ListedArchive, ListedArchiveEntry } from './archive-listing.js';
import { boneAt, describeByte, HexView, spanAt } from './hex.js';
import { renderInspector } from './inspector.js';
import { ReplacePanel } from './replace-panel.js';
import { SceneView } from './scene.js';
import { renderSkinning } from './skinning-tab.js';
import { boneSeverities, shownSkeleton, TABS, worldOf, type Origin, type StateKey, type Tab, type ViewerState } from './state.js';
import { renderTree } from './tree-panel.js';
import { hexOffset } from './values.js';

/** One panel: its name (a performance measure of each draw carries it), what it depends on, and how it draws. */
export interface Panel {
  readonly name: string;
  readonly deps: readonly StateKey[];
  render(state: ViewerState, changed: ReadonlySet<StateKey>, origin: Origin): void;
}

/** What the panels ask of the page: the changes a click makes. */
export interface PanelActions {
  selectBone(bone: number, origin: Origin): void;
  /** A field of the shown file (an index into its spans), picked in the inspector or the hex. */
  selectSpan(span: number, bone: number, origin: Origin): void;
  openEntry(entry: Entry): void;
  /** Reads an archive entry's data file, to list its records. */
  expandEntry(archive: ListedArchive, item: ListedArchiveEntry): void;
  showAssembly(result: ComponentAssembly): void;
  showTab(tab: Tab): void;
  /** The components assembled over the files held (made once per revision of them); null while the listed archives' records are read. */
  heldAssemblies(): ComponentAssembly[] | null;
}

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;

const nameOf = (state: ViewerState): ((hash: number) => string) => nameOrHash((hash) => state.dictionary.resolve(hash));

const any = (changed: ReadonlySet<StateKey>, keys: readonly StateKey[]): boolean => keys.some((k) => changed.has(k));

/** The panels in the order they draw (the 3D frame last, once everything else is in place). */
export function createPanels(
  state: () => ViewerState,
  actions: PanelActions,
  loads: ArchiveEntries,
): { panels: Panel[]; files: FilesPanel; scene: SceneView; background: BackgroundCensus } {
  const hex = new HexView($('hex-scroll'), $('hex-sizer'), $('hex-rows'), $('hex-tip'), {
    pick: (offset) => {
      const file = state().file;
      if (file === null) return;
      const span = spanAt(file, offset);
      if (span >= 0) actions.selectSpan(span, file.skeleton === null ? -1 : boneAt(file, offset), 'hex');
    },
    describe: (offset) => {
      const file = state().file;
      return file === null ? null : describeByte(file, offset);
    },
  });
  const scene = new SceneView($('scene-host'), $('scene-label'), { pick: (bone) => actions.selectBone(bone, 'scene') });
  const files = new FilesPanel($('file-list'), $<HTMLInputElement>('file-filter'), loads, {
    open: (entry) => actions.openEntry(entry),
    expand: (archive, item) => actions.expandEntry(archive, item),
  });
  const edits = new ReplacePanel({ settings: () => state().settings, showTab: () => actions.showTab('edit') });
  const shown = ['entry', 'file', 'assembly'] as const;

  const header: Panel = {
    name: 'header',
    deps: ['entry', 'assembly'],
    render(s) {
      $('current-file').textContent = s.assembly !== null ? `assembled rig of ${s.assembly.name}` : (s.entry?.name ?? '');
    },
  };

  const hexPanel: Panel = {
    name: 'hex',
    deps: [...shown, 'bone', 'span', 'tab'],
    render(s, changed, origin) {
      const file = s.file;
      const newFile = changed.has('file');
      if (newFile) hex.setFile(file);
      else if (changed.has('tab') && s.tab === 'hex') hex.render();
      if (!any(changed, [...shown, 'bone', 'span'])) return;
      const span = file?.spans[s.span];
      const record = file?.boneRecords.get(s.bone);
      if (file !== null) {
        const failing: [number, number][] = [];
        for (const bone of file.failuresByBone.keys()) {
          const r = file.boneRecords.get(bone);
          if (r !== undefined) failing.push(r);
        }
        hex.setSelection(span === undefined ? null : [span.start, span.end], record ?? null, failing);
        // A byte picked is in view already; otherwise the field, the bone's record, or the refusal of a file just shown.
        if (origin !== 'hex') {
          if (span !== undefined && changed.has('span')) hex.reveal(span.start);
          else if (record !== undefined && changed.has('bone')) hex.reveal(record[0]);
          else if (newFile && file.refusal !== null) hex.reveal(file.refusal.offset);
        }
      }
      const status = $('hex-status');
      if (file === null) {
        status.textContent = s.assembly !== null ? 'an assembled rig has no bytes of its own: open one of its files to see them' : '';
        return;
      }
      const parts = [plural(file.bytes.length, 'byte')];
      if (span !== undefined) parts.push(`field ${span.path} at ${hexOffset(span.start)}, ${plural(span.end - span.start, 'byte')}`);
      if (record !== undefined) parts.push(`bone ${s.bone} record ${hexOffset(record[0])}–${hexOffset(record[1])}`);
      if (file.refusal !== null) parts.push(`refused at ${hexOffset(file.refusal.offset)}: ${file.refusal.path}`);
      status.textContent = parts.join(' · ');
    },
  };

  const scenePanel: Panel = {
    name: 'scene',
    deps: [...shown, 'dictionary', 'pose', 'bone'],
    render(s, changed) {
      const skeleton = shownSkeleton(s);
      const newRig = any(changed, [...shown, 'dictionary']);
      if (newRig) {
        if (skeleton !== null) {
          const name = nameOf(s);
          const bones = skeleton.bones.map((b) => ({ name: name(b.nameHash), parent: b.parent, mirror: b.mirror }));
          scene.setRig(bones, worldOf(s, skeleton), boneSeverities(s));
          if (any(changed, shown)) scene.frame();
        } else scene.setRig([], [], new Map());
      } else if (changed.has('pose') && skeleton !== null) scene.setPose(worldOf(s, skeleton));
      scene.select(s.bone);
      $('pose-bind').classList.toggle('active', s.pose === 'bind');
      $('pose-runtime').classList.toggle('active', s.pose === 'runtime');
      $('scene-note').textContent = sceneNote(s);
    },
  };

  const filesPanel: Panel = {
    name: 'files',
    deps: ['entries', 'archives', 'entry'],
    render(s, changed) {
      if (changed.has('entries') || changed.has('archives')) files.render(s.entries, s.archives);
      $('files-check').classList.toggle('hidden', s.archives.length === 0);
      if (changed.has('entry')) files.select(s.entry);
    },
  };

  const tree: Panel = {
    name: 'tree',
    deps: [...shown, 'query', 'dictionary', 'bone'],
    render(s, changed, origin) {
      const list = $('tree-list');
      if (any(changed, [...shown, 'query', 'dictionary'])) {
        const skeleton = shownSkeleton(s);
        const severities = boneSeverities(s);
        renderTree(list, $('tree-count'), {
          rig: skeleton === null ? null : { bones: skeleton.bones, severity: (bone) => severities.get(bone) ?? null },
          empty:
            s.entry === null
              ? 'no file open'
              : s.file === null
                ? 'not read: no bone hierarchy'
                : s.file.refusal !== null
                  ? 'refused: no bone hierarchy was read'
                  : 'no bone hierarchy in this file',
          query: s.query,
          selected: s.bone,
          resolve: (hash) => s.dictionary.resolve(hash),
          select: (bone) => actions.selectBone(bone, 'tree'),
        });
      } else for (const b of list.querySelectorAll('button.selected')) b.classList.remove('selected');
      const button = s.bone < 0 ? null : list.querySelector<HTMLButtonElement>(`button[data-bone="${s.bone}"]`);
      button?.classList.add('selected');
      if (origin !== 'tree') button?.scrollIntoView({ block: 'nearest' });
    },
  };

  const inspector: Panel = {
    name: 'inspector',
    deps: [...shown, 'bone', 'span', 'pose', 'loading', 'dictionary'],
    render(s) {
      const name = nameOf(s);
      renderInspector($('inspector'), {
        entry: s.entry,
        file: s.file,
        assembly: s.assembly,
        bone: s.bone,
        span: s.span,
        pose: s.pose,
        world: () => {
          const skeleton = shownSkeleton(s);
          return skeleton === null ? [] : worldOf(s, skeleton);
        },
        boneName: (bone) => {
          const hash = shownSkeleton(s)?.bones[bone]?.nameHash;
          return hash === undefined ? `bone ${bone}` : name(hash);
        },
        resolve: (hash) => s.dictionary.resolve(hash),
        selectSpan: (span) => actions.selectSpan(span, s.bone, 'inspector'),
        loading: s.loading,
      });
    },
  };

  // The skinning report and the Edit tab are of the shown Skeleton.
  const skinning: Panel = {
    name: 'skinning',
    deps: [...shown, 'skinning', 'dictionary'],
    render(s) {
      const selected =
        s.assembly !== null
          ? { name: `the assembled rig of ${s.assembly.name}`, skeleton: s.assembly.assembly.skeleton }
          : s.file === null
            ? null
            : { name: s.file.name, skeleton: s.file.skeleton };
      renderSkinning($('skinning-view'), s.skinning, selected, nameOf(s));
    },
  };

  const edit: Panel = {
    name: 'edit',
    deps: ['entry', 'file'],
    render(s) {
      edits.select(s.entry, s.file);
    },
  };

  const tabs: Panel = {
    name: 'tabs',
    deps: ['tab'],
    render(s) {
      for (const t of TABS) {
        $(`tab-${t}`).classList.toggle('active', s.tab === t);
        $(`${t}-view`).classList.toggle('hidden', s.tab !== t);
      }
      $('hex-legend').classList.toggle('hidden', s.tab !== 'hex');
    },
  };

  // The census and the assembly are drawn when their tab is shown, once per revision of the files held.
  const report = (name: Tab, draw: (s: ViewerState) => void, also: readonly StateKey[] = []): Panel => {
    let drawn = -1;
    return {
      name,
      deps: ['tab', 'revision', 'settings', 'dictionary', ...also],
      render(s, changed) {
        if (any(changed, ['settings', 'dictionary', ...also])) drawn = -1;
        if (s.tab !== name || drawn === s.revision) return;
        drawn = s.revision;
        draw(s);
      },
    };
  };

  const listedArchive = (id: string): ListedArchive | undefined => state().archives.find((a) => a.id === id);
  const background = new BackgroundCensus(
    (archive, number, verdict) => {
      const listed = listedArchive(archive);
      if (listed === undefined) return;
      loads.verdicts.set(loads.key(listed, number), verdict);
      files.update(null);
    },
    async (archive, number) => {
      const listed = listedArchive(archive);
      if (listed === undefined) throw new Error(`no archive ${archive}`);
      return loads.read(listed, number, true);
    },
  );
  // The census's progress, in the bar beside the archive's (the list's badges come from it; the list keeps its height).
  const censusStatus = el('span', 'census-status hint');
  $('archive-progress').after(censusStatus);
  /** Starts the census of the archives for the files held now, unless one is under way or done for them. */
  const startCensus = (s: ViewerState): void => {
    if (background.revision === s.revision) return;
    const byId = new Map(s.entries.map((e) => [e.name, e.id]));
    const files = s.entries.map((e) => ({ name: e.name, bytes: e.bytes, note: e.note }));
    const local = s.archives.filter((a) => a.blob !== undefined);
    $('census-view').replaceChildren(
      el('h1', '', 'Census of the files listed'),
      el('p', 'empty-note', 'The census of the archives is being made in the background (its progress in the bar above)…'),
    );
    background.start(files, local, s.revision, censusStatus, (result) =>
      $('census-view').replaceChildren(renderCensus(result, 'Census of the files listed', (name) => byId.get(name) ?? null)),
    );
  };
  $('files-check').addEventListener('click', () => startCensus(state()));
  // Once the list is drawn and its files read, the census starts by itself for the archives' badges (low priority: it gives way to a selection).
  const badges: Panel = {
    name: 'badges',
    deps: ['revision', 'loading'],
    render(s) {
      if (s.loading || s.archives.length === 0 || background.cancelled || background.revision === s.revision) return;
      const revision = s.revision;
      requestAnimationFrame(() =>
        setTimeout(() => {
          const now = state();
          if (now.revision === revision && !now.loading && !background.cancelled) startCensus(now);
        }, 0),
      );
    },
  };
  const census = report('census', (s) => {
    if (s.archives.length > 0) {
      // The archives' data files are read for it: in a worker, in the background, the tab drawn when it is done.
      startCensus(s);
      return;
    }
    const accumulator = new CensusAccumulator({
      dialect: s.settings.dialect ?? undefined,
      reading: s.settings.reading,
      names: s.dictionary,
    });
    for (const entry of s.entries) {
      if (entry.bytes !== null) accumulator.addFile(entry.name, entry.bytes);
      else accumulator.addUnreadable(entry.name, entry.note ?? 'not read');
    }
    const byName = new Map(s.entries.map((e) => [e.name, e.id]));
    $('census-view').replaceChildren(renderCensus(accumulator.report(), 'Census of the files listed', (name) => byName.get(name) ?? null));
  });

  const assembly = report(
    'assembly',
    (s) => {
      const view = $('assembly-view');
      try {
        const results = actions.heldAssemblies();
        if (results === null)
          view.replaceChildren(
            el('h1', '', 'Assembly of the components listed'),
            el('p', 'empty-note', 'Reading the Skeleton and SkeletonComponent records of the archives listed…'),
          );
        else renderAssemblies(view, results, nameOf(s), (result) => actions.showAssembly(result));
      } catch (error) {
        view.replaceChildren(el('div', 'failure', `the assembly could not be made: ${(error as Error).message}`));
      }
      // Drawn again when the assemblies are made again (the listed archives' records read).
    },
    ['assemblies'],
  );

  const webgl: Panel = {
    name: 'webgl',
    deps: [...shown],
    render() {
      scene.renderNow();
    },
  };

  return {
    panels: [header, hexPanel, scenePanel, filesPanel, tree, inspector, skinning, edit, tabs, census, assembly, webgl, badges],
    files,
    scene,
    background,
  };
}

function sceneNote(s: ViewerState): string {
  if (s.assembly !== null)
    return `the assembled rig of ${s.assembly.name}: ${plural(s.assembly.assembly.bones.length, 'bone')} (${s.pose})`;
  if (s.entry === null) return '';
  if (s.file === null) return 'nothing to draw: this entry has no bytes';
  if (s.file.skeleton === null) return 'no bone hierarchy in this file';
  if (s.pose !== 'runtime') return '';
  return s.file.skeleton.ownTransform === null
    ? 'runtime: this layout has no own transform; the stored root local is kept'
    : 'runtime: the own transform replaces the root local';
}
