/**
 * The viewer's one state object, what a change of it is, and the URL as a projection of the
 * selection. Every panel is drawn from this state alone (see `panels.ts`); `main.ts` applies each
 * change through one `update`, which redraws the panels whose declared inputs changed.
 *
 * The state has three parts. The listing: the files listed or opened, as rows each carrying its
 * bytes and summary once read, and the archives listed by their tables (a tree archive → entry →
 * resource, whose data files are read when opened). The selection: the row or
 * assembled rig shown, with its bone (these two the URL holds), field, pose, tab and tree search. What is shown: the
 * selected row's file as opened, decoded on demand when it is selected.
 */
import { builtInNames, NameDictionary, runtimeWorldTransforms, type Skeleton, type Transform } from '../src/index.js';
import type { OpenedFile, ReadSettings } from './analysis.js';
import type { ComponentAssembly } from './assembly-tab.js';
import type { Entry } from './file-list.js';
import type { ListedArchive } from './archive-listing.js';
import type { ShownAssembly } from './inspector.js';
import type { SkinningState } from './skinning-tab.js';
import { worstSeverity, type Severity } from './verdict.js';

export type Pose = 'bind' | 'runtime';
export type Tab = 'hex' | 'census' | 'assembly' | 'skinning' | 'edit';
export const TABS: readonly Tab[] = ['hex', 'census', 'assembly', 'skinning', 'edit'];

export interface ViewerState {
  // ---- the listing
  /** Every listed or opened file, in list order; rows are filled in (bytes, summary) as they are read. */
  entries: Entry[];
  /** The archives the server listed by their tables: their entries' data files are read when opened. */
  archives: ListedArchive[];
  /** How files are read: the layout and reading the server was started with, and the name resolver. */
  settings: ReadSettings;
  dictionary: NameDictionary;
  /** `--every-data-file`, as the server was started: archives opened in the page read the same data files. */
  everyDataFile: boolean;
  /** The files the server listed are being read for the first time. */
  loading: boolean;
  /** Counts the changes to the files held (added, or their bytes read): the reports are of one revision. */
  revision: number;
  /** The components assembled over the files held: a cache made when first asked for, dropped when the files change. */
  assemblies: ComponentAssembly[] | null;
  /** The skinning inputs dropped (MeshBones, palettes, constants). */
  skinning: SkinningState;
  // ---- the selection
  /** The selected row (null when an assembled rig or nothing is shown). */
  entry: Entry | null;
  /** An assembled rig shown in every panel in place of a file. */
  assembly: ShownAssembly | null;
  /** The selected bone, or -1. */
  bone: number;
  /** The selected field (an index into the shown file's spans), or -1. */
  span: number;
  pose: Pose;
  tab: Tab;
  /** The tree's search text. */
  query: string;
  // ---- what is shown
  /** The selected row's file as opened (its resource or refusal, spans, model and checks); null until read, or with no bytes. */
  file: OpenedFile | null;
}

/** A part of the state by name: what panels declare they depend on. */
export type StateKey = keyof ViewerState;

/** A change: the parts of the state that change, with their new values; a key present is a part changed. */
export type Change = Partial<ViewerState>;

/** Where a change came from, for what panels do besides drawing it (scroll to the selection or not, frame the rig). */
export type Origin = 'tree' | 'scene' | 'hex' | 'inspector' | 'list' | 'url' | 'user';

export function initialState(): ViewerState {
  return {
    entries: [],
    archives: [],
    settings: { dialect: null, reading: undefined, resolve: () => null },
    dictionary: new NameDictionary(builtInNames()),
    everyDataFile: false,
    loading: true,
    revision: 0,
    assemblies: null,
    skinning: { meshBones: null, palette: null, constants: [], refused: [] },
    entry: null,
    assembly: null,
    bone: -1,
    span: -1,
    pose: 'bind',
    tab: 'hex',
    query: '',
    file: null,
  };
}

// ---- what the panels derive from it ---------------------------------------------------------------

/** The rig every panel shows: the assembled one, or the selected file's. */
export const shownSkeleton = (state: ViewerState): Skeleton | null => state.assembly?.assembly.skeleton ?? state.file?.skeleton ?? null;

/** The world transforms of the shown rig in the chosen pose. */
export function worldOf(state: ViewerState, skeleton: Skeleton): Transform[] {
  return state.pose === 'runtime' ? runtimeWorldTransforms(skeleton) : skeleton.bones.map((b) => b.global);
}

/** Per bone of the selected file, how badly the checks failing at it fail; none for an assembled rig. */
export function boneSeverities(state: ViewerState): Map<number, Severity> {
  const severities = new Map<number, Severity>();
  if (state.assembly !== null || state.file === null) return severities;
  for (const [bone, failures] of state.file.failuresByBone) {
    const severity = worstSeverity(failures.map((f) => f.check));
    if (severity !== null) severities.set(bone, severity);
  }
  return severities;
}

// ---- the URL ------------------------------------------------------------------------------------

/** What the URL holds: the selected row or assembled rig, and the bone. */
export interface UrlSelection {
  file: string | null;
  assembly: string | null;
  bone: number;
}

/** The parts of the state the URL projects; a change of one of them writes the URL. */
export const URL_KEYS: readonly StateKey[] = ['entry', 'assembly', 'bone'];

/** The URL's hash for a state: `#file=<id>&bone=3`, or `#assembly=<id>`. */
export function hashOf(state: Pick<ViewerState, 'entry' | 'assembly' | 'bone'>): string {
  const params = new URLSearchParams();
  if (state.assembly !== null) params.set('assembly', state.assembly.id);
  else if (state.entry !== null) params.set('file', state.entry.id);
  if (state.bone >= 0) params.set('bone', String(state.bone));
  return `#${params.toString()}`;
}

/** The selection a hash names (the inverse of {@link hashOf}); what it does not name is null or -1. */
export function selectionOfHash(hash: string): UrlSelection {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const bone = params.get('bone');
  return {
    file: params.get('file'),
    assembly: params.get('assembly'),
    bone: bone !== null && /^\d+$/.test(bone) ? Number(bone) : -1,
  };
}
