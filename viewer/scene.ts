/**
 * The 3D panel: a small joint at every bone and an octahedral segment from each joint to each of
 * its children's. A bone is its joint and the segments leaving it toward its children (the upper
 * arm is LeftArm's, the forearm LeftForeArm's), so that is what lights when it is selected, in a
 * colour no mirror pair takes. Mirror pairs share a colour; bones where a Proven check fails are
 * red, where a lesser check fails amber. The files are z-up; the camera's up is +z, so the rig
 * stands upright. Renders on demand only.
 */
import {
  AmbientLight,
  BufferGeometry,
  Color,
  DirectionalLight,
  Float32BufferAttribute,
  GridHelper,
  Group,
  InstancedMesh,
  Matrix4,
  MeshLambertMaterial,
  Object3D,
  PerspectiveCamera,
  Raycaster,
  Scene,
  SphereGeometry,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { Transform } from '../src/index.js';
import type { Severity } from './verdict.js';

export const SCENE_BACKGROUND = 0x101318;
const PLAIN = new Color(0x8fa3bf);
/** The selection's yellow (hue 45°): the pair colours keep clear of it, and of the check colours. */
const SELECTED = new Color(0xffd34d);
const FAILING = new Color(0xff4d4d);
const WARNING = new Color(0xff9a3c);

/** A unit octahedral bone along +y: head at 0, tail at 1, widest a fifth of the way up. */
function boneGeometry(): BufferGeometry {
  const w = 0.1;
  const m = 0.2;
  const head = [0, 0, 0];
  const tail = [0, 1, 0];
  const ring = [
    [w, m, 0],
    [0, m, w],
    [-w, m, 0],
    [0, m, -w],
  ];
  const positions: number[] = [];
  for (let i = 0; i < 4; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % 4]!;
    positions.push(...head, ...b, ...a, ...a, ...b, ...tail);
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  geometry.computeVertexNormals();
  return geometry;
}

export interface SceneBone {
  name: string;
  parent: number;
  /** The mirror bone's index, or null; a bone mirroring itself is on a chain. */
  mirror: number | null;
}

export interface SceneHooks {
  pick(bone: number): void;
}

/** Hues the mirror pairs take: 100° to 320° (greens to magentas), clear of the reds, ambers and yellow the selection and the checks use. */
const PAIR_HUES = { from: 100 / 360, span: 220 / 360 };

/** A colour per mirror pair, both sides alike; unpaired bones stay plain. */
function pairColour(a: number, b: number): Color {
  const key = Math.min(a, b);
  const spread = (((key * 0.618034) % 1) + 1) % 1;
  return new Color().setHSL(PAIR_HUES.from + spread * PAIR_HUES.span, 0.65, 0.58);
}

export class SceneView {
  readonly renderer: WebGLRenderer | null;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(40, 1, 0.01, 1000);
  private readonly controls: OrbitControls | null = null;
  private readonly rig = new Group();
  private readonly grid: GridHelper;
  private bones: SceneBone[] = [];
  // One instanced mesh each for the bones and the joints: two draw calls whatever the bone count.
  private boneMeshes: InstancedMesh | null = null;
  private jointMeshes: InstancedMesh | null = null;
  private baseColours: Color[] = [];
  private positions: Vector3[] = [];
  private selected = -1;
  private severities = new Map<number, Severity>();
  private hovered = -1;
  private pending = false;
  private readonly boneGeometry = boneGeometry();
  private readonly jointGeometry = new SphereGeometry(1, 10, 8);

  constructor(
    private readonly host: HTMLElement,
    private readonly label: HTMLElement,
    private readonly hooks: SceneHooks,
  ) {
    let renderer: WebGLRenderer | null = null;
    try {
      renderer = new WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    } catch {
      renderer = null;
    }
    this.renderer = renderer;
    this.scene.background = new Color(SCENE_BACKGROUND);
    this.camera.up.set(0, 0, 1);
    this.camera.position.set(3, -3, 2);
    this.scene.add(new AmbientLight(0xffffff, 1.4));
    const sun = new DirectionalLight(0xffffff, 2.2);
    sun.position.set(2, -3, 5);
    this.scene.add(sun);
    this.grid = new GridHelper(4, 16, 0x3a4250, 0x252a33);
    this.grid.rotation.x = Math.PI / 2; // three's grid lies in xz; the files' ground is xy
    this.scene.add(this.grid, this.rig);
    if (renderer === null) {
      host.append(
        Object.assign(document.createElement('div'), { className: 'empty-note', textContent: 'WebGL is not available in this browser.' }),
      );
      return;
    }
    host.prepend(renderer.domElement);
    this.controls = new OrbitControls(this.camera, renderer.domElement);
    this.controls.addEventListener('change', () => this.requestRender());
    new ResizeObserver(() => this.resize()).observe(host);
    const canvas = renderer.domElement;
    let down: { x: number; y: number } | null = null;
    canvas.addEventListener('pointerdown', (e) => (down = { x: e.clientX, y: e.clientY }));
    canvas.addEventListener('pointerup', (e) => {
      // A click, not the end of an orbit drag.
      if (down !== null && Math.hypot(e.clientX - down.x, e.clientY - down.y) < 4) {
        const bone = this.boneAt(e);
        if (bone >= 0) hooks.pick(bone);
      }
      down = null;
    });
    canvas.addEventListener('pointermove', (e) => this.hover(e));
    canvas.addEventListener('pointerleave', () => this.setHover(-1, 0, 0));
    this.resize();
  }

  private resize(): void {
    if (this.renderer === null) return;
    const w = Math.max(1, this.host.clientWidth);
    const h = Math.max(1, this.host.clientHeight);
    this.renderer.setPixelRatio(window.devicePixelRatio);
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  requestRender(): void {
    if (this.pending || this.renderer === null) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.renderNow();
    });
  }

  /** Renders at once (for timing the first full render). */
  renderNow(): void {
    if (this.renderer === null) return;
    this.renderer.render(this.scene, this.camera);
    // Where the world lands on the canvas, for the tests to find a bone's pixels: projection × view, column-major.
    const viewProjection = new Matrix4().multiplyMatrices(this.camera.projectionMatrix, this.camera.matrixWorldInverse);
    this.renderer.domElement.dataset.viewProjection = viewProjection.elements.map((x) => x.toPrecision(9)).join(',');
  }

  private boneAt(event: PointerEvent): number {
    if (this.renderer === null) return -1;
    const rect = this.renderer.domElement.getBoundingClientRect();
    const ndc = new Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
    const ray = new Raycaster();
    ray.setFromCamera(ndc, this.camera);
    const targets = [this.jointMeshes, this.boneMeshes].filter((m): m is InstancedMesh => m !== null);
    const hit = ray.intersectObjects(targets, false).find((h) => h.instanceId !== undefined);
    if (hit === undefined) return -1;
    // Segment k runs from k's parent to k: it is the parent's.
    return hit.object === this.boneMeshes ? this.ownerOf(hit.instanceId!) : hit.instanceId!;
  }

  /** The bone a segment belongs to: segment k runs from k's parent's joint to k's, so it is the parent's. */
  private ownerOf(segment: number): number {
    const parent = this.bones[segment]?.parent ?? -1;
    return parent >= 0 && parent < this.bones.length ? parent : segment;
  }

  private hover(event: PointerEvent): void {
    const bone = this.boneAt(event);
    const rect = this.host.getBoundingClientRect();
    this.setHover(bone, event.clientX - rect.left, event.clientY - rect.top);
  }

  private setHover(bone: number, x: number, y: number): void {
    this.hovered = bone;
    if (bone < 0) {
      this.label.classList.add('hidden');
      return;
    }
    this.label.textContent = `${this.bones[bone]?.name ?? ''} [${bone}]`;
    this.label.classList.remove('hidden');
    this.label.style.left = `${x + 12}px`;
    this.label.style.top = `${y + 10}px`;
  }

  /** Shows a rig: its bones, their world transforms (one per bone, in list order) and the severity of the checks failing at each. */
  setRig(bones: SceneBone[], world: readonly Transform[], severities: Map<number, Severity>): void {
    this.bones = bones;
    this.severities = severities;
    this.selected = -1;
    this.host.dataset.bones = String(bones.length);
    this.rig.clear();
    for (const m of [this.boneMeshes, this.jointMeshes]) {
      if (m === null) continue;
      (m.material as MeshLambertMaterial).dispose();
      m.dispose();
    }
    this.boneMeshes = null;
    this.jointMeshes = null;
    this.baseColours = bones.map((b, i) =>
      b.mirror !== null && b.mirror !== i && b.mirror >= 0 && b.mirror < bones.length ? pairColour(i, b.mirror) : PLAIN.clone(),
    );
    if (bones.length > 0) {
      this.boneMeshes = new InstancedMesh(this.boneGeometry, new MeshLambertMaterial(), bones.length);
      this.jointMeshes = new InstancedMesh(this.jointGeometry, new MeshLambertMaterial(), bones.length);
      this.rig.add(this.boneMeshes, this.jointMeshes);
    }
    this.setPose(world);
    this.recolour();
  }

  /** Moves the bones to new world transforms, keeping the camera. */
  setPose(world: readonly Transform[]): void {
    this.positions = world.map((t) => new Vector3(t.position[0], t.position[1], t.position[2]));
    const extent = this.extent();
    const jointRadius = Math.max(extent.radius * 0.012, 1e-4);
    const up = new Vector3(0, 1, 0);
    const place = new Object3D();
    const hidden = new Matrix4().makeScale(0, 0, 0);
    this.bones.forEach((bone, i) => {
      const at = this.positions[i]!;
      place.position.copy(at);
      place.quaternion.identity();
      place.scale.setScalar(jointRadius);
      place.updateMatrix();
      this.jointMeshes?.setMatrixAt(i, place.matrix);
      const parent = bone.parent >= 0 && bone.parent < this.positions.length ? this.positions[bone.parent]! : null;
      const length = parent === null ? 0 : at.distanceTo(parent);
      if (parent === null || length <= 1e-6) {
        this.boneMeshes?.setMatrixAt(i, hidden);
        return;
      }
      place.position.copy(parent);
      place.quaternion.setFromUnitVectors(up, at.clone().sub(parent).normalize());
      place.scale.setScalar(length);
      place.updateMatrix();
      this.boneMeshes?.setMatrixAt(i, place.matrix);
    });
    for (const m of [this.boneMeshes, this.jointMeshes]) {
      if (m === null) continue;
      m.instanceMatrix.needsUpdate = true;
      m.computeBoundingSphere();
      m.computeBoundingBox();
    }
    this.requestRender();
  }

  private extent(): { centre: Vector3; radius: number } {
    if (this.positions.length === 0) return { centre: new Vector3(), radius: 1 };
    const min = this.positions[0]!.clone();
    const max = this.positions[0]!.clone();
    for (const p of this.positions) {
      min.min(p);
      max.max(p);
    }
    const centre = min.clone().add(max).multiplyScalar(0.5);
    return { centre, radius: Math.max(max.distanceTo(min) / 2, 0.05) };
  }

  /** Points the camera at the whole rig, from the front right and a little above. */
  frame(): void {
    const { centre, radius } = this.extent();
    const distance = (radius / Math.sin(((this.camera.fov / 2) * Math.PI) / 180)) * 1.15;
    const direction = new Vector3(1, -1.6, 0.7).normalize();
    this.camera.position.copy(centre.clone().add(direction.multiplyScalar(distance)));
    this.camera.near = distance / 100;
    this.camera.far = distance * 100;
    this.camera.updateProjectionMatrix();
    this.grid.scale.setScalar(Math.max(radius, 0.25));
    this.grid.position.set(centre.x, centre.y, Math.min(...this.positions.map((p) => p.z), 0));
    if (this.controls !== null) {
      this.controls.target.copy(centre);
      this.controls.update();
    }
    this.requestRender();
  }

  select(bone: number): void {
    this.selected = bone;
    this.recolour();
  }

  private colourOf(bone: number): Color {
    if (bone === this.selected) return SELECTED;
    const severity = this.severities.get(bone);
    return severity === 'fails' ? FAILING : severity === 'warns' ? WARNING : this.baseColours[bone]!;
  }

  private recolour(): void {
    const lit: string[] = [];
    this.bones.forEach((bone, i) => {
      const owner = this.ownerOf(i);
      this.boneMeshes?.setColorAt(i, this.colourOf(owner));
      this.jointMeshes?.setColorAt(i, this.colourOf(i));
      if (owner === this.selected && owner !== i) lit.push(`${owner}>${i}`);
    });
    for (const m of [this.boneMeshes, this.jointMeshes]) if (m?.instanceColor) m.instanceColor.needsUpdate = true;
    // Read by the tests and by anyone inspecting the page: the segments lit, as `from>to` bone indices.
    this.host.dataset.litSegments = lit.join(' ');
    this.requestRender();
  }

  /** The hovered bone, for tests and the status line. */
  hoveredBone(): number {
    return this.hovered;
  }
}
