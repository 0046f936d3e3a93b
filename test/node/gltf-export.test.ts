import { describe, expect, it } from 'vitest';
import { GltfExportChoiceError, gltfExportOutputs, planGltfExport } from '../../src/node.js';

const choices = { pose: 'bind', axes: 'y-up', mesh: false };

describe('planGltfExport', () => {
  it('plans a .gltf beside its .bin, the buffer named by its file name', () => {
    const plan = planGltfExport('out/rider.GLTF', { ...choices, separate: true });
    expect(plan).toEqual({
      output: 'out/rider.GLTF',
      format: 'gltf',
      bin: { path: 'out/rider.bin', name: 'rider.bin' },
      pose: 'bind',
      axes: 'y-up',
      mesh: false,
    });
    expect(gltfExportOutputs(plan)).toEqual([
      { path: 'out/rider.GLTF', option: '-o', kind: { kind: 'gltf' } },
      { path: 'out/rider.bin', option: 'the --separate buffer', kind: { kind: 'gltf-buffer', gltf: 'out/rider.GLTF', uri: 'rider.bin' } },
    ]);
  });

  it('plans a .glb as one output', () => {
    const plan = planGltfExport('rider.glb', choices);
    expect(plan.format).toBe('glb');
    expect(gltfExportOutputs(plan)).toHaveLength(1);
  });

  it('refuses what cannot be written, naming the option', () => {
    expect(() => planGltfExport('rider.obj', choices)).toThrow(
      new GltfExportChoiceError("the output must end in .glb or .gltf, not 'rider.obj'"),
    );
    expect(() => planGltfExport('rider.glb', { ...choices, separate: true })).toThrow('--separate applies to .gltf output');
    expect(() => planGltfExport('rider.glb', { ...choices, pose: 'tpose' })).toThrow("--pose must be bind or runtime, not 'tpose'");
    expect(() => planGltfExport('rider.glb', { ...choices, axes: 'x-up' })).toThrow(GltfExportChoiceError);
  });
});
