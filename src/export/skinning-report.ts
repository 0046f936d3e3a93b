/**
 * What `skin bind` and `skin capture` report: a MeshBones file's check against a Skeleton's inverse
 * global binds, and the bone locals recovered from captured palettes, as JSON data (bone names
 * resolved) and as text. Browser-safe.
 */
import type { CaptureOffender, CaptureReport, MeshBindReport } from '../analysis/skinning.js';
import { count, groupThousands } from '../io/format.js';
import type { Vec3 } from '../math/vector.js';
import type { Skeleton } from '../model/skeleton.js';
import { formatHash } from '../names/crc32.js';

type NameOf = (hash: number) => string | null;

const boneLabel = (skeleton: Skeleton, index: number, nameOf: NameOf): string => {
  const bone = skeleton.bones[index]!;
  return `bone ${index} (${nameOf(bone.nameHash) ?? formatHash(bone.nameHash)})`;
};

/** An error or residual: 0, a small one in exponent form (so 3e-8 does not print as 0.000000), else six places. */
const num = (value: number | null): string =>
  value === null ? '-' : value === 0 ? '0' : Math.abs(value) < 1e-4 ? value.toExponential(2) : value.toFixed(6);
/** A position to five places, −0.00000 shown as 0. */
const vec = (v: Readonly<Vec3>): string => `(${v.map((x) => (x === 0 ? '0' : x.toFixed(5).replace(/^-(0\.0+)$/, '$1'))).join(', ')})`;

/** The bind report as JSON: each bone's hash in hex and its name (null when unknown). Never throws. */
export function meshBindJson(report: MeshBindReport, nameOf: NameOf): unknown {
  const bones = report.bones.map((b) => ({ ...b, nameHash: formatHash(b.nameHash), name: nameOf(b.nameHash) }));
  return { ...report, bones };
}

/** The bind report as `skin bind` prints it, naming the two files in `where`. Never throws. */
export function meshBindText(
  report: MeshBindReport,
  skeleton: Skeleton,
  nameOf: NameOf,
  where: { skeleton: string; meshBones: string },
): string {
  const lines = [
    `${count(report.meshBones, 'MeshBone')} of ${where.meshBones} against ${where.skeleton} (tolerance ${report.tolerance}):`,
    `  rotation equals the inverse global bind rotation: ${groupThousands(report.rotationMatches)} of ${groupThousands(report.meshBones)}`,
    `  translation equals the inverse global bind translation: ${groupThousands(report.translationMatches)} of ${groupThousands(report.meshBones)}`,
    report.scale === null
      ? `  translation scale: undetermined (no MeshBone with a matching rotation has a non-zero inverse bind translation)`
      : `  translation scale: ${report.scale.toFixed(6)} (least squares over the ${count(report.scaleBones, 'matching rotation')}, residual ${num(report.residual)})`,
    `  ${'#'.padStart(4)}  ${'bone'.padEnd(28)}  rotation error  translation error`,
    ...report.bones.map(
      (b) =>
        `  ${String(b.index).padStart(4)}  ${boneLabel(skeleton, b.bone, nameOf).padEnd(28)}  ${num(b.rotationError).padStart(9)} ${b.rotationMatches ? '    ' : ' (!)'}  ${num(b.translationError).padStart(9)}${b.translationMatches ? '' : '  (!)'}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** The capture report as JSON: each frame with its file (from `frameFiles`), each offender with its bones' names. Never throws. */
export function captureJson(report: CaptureReport, skeleton: Skeleton, nameOf: NameOf, frameFiles: readonly string[]): unknown {
  const named = (o: CaptureOffender) => ({
    ...o,
    parentName: nameOf(skeleton.bones[o.parent]!.nameHash),
    childName: nameOf(skeleton.bones[o.child]!.nameHash),
  });
  return {
    ...report,
    frames: report.frames.map((frame, f) => ({ file: frameFiles[f]!, ...frame, offenders: frame.offenders.map(named) })),
  };
}

/** The capture report as `skin capture` prints it, for a palette of `paletteEntries` entries. Never throws. */
export function captureText(
  report: CaptureReport,
  skeleton: Skeleton,
  nameOf: NameOf,
  frameFiles: readonly string[],
  paletteEntries: number,
): string {
  const perFrame = report.frames[0]?.pairs ?? 0;
  const lines = [
    `${count(perFrame, 'parent-child pair')} in a draw of ${count(paletteEntries, 'palette entry', 'palette entries')}, ${count(report.frames.length, 'frame')}: ` +
      `${groupThousands(report.within)} of ${groupThousands(report.pairs)} within ${report.tolerance} of the stored local position, max error ${num(report.maxError)}`,
  ];
  report.frames.forEach((frame, f) => {
    lines.push(`  frame ${f + 1} (${frameFiles[f]}): ${frame.within} of ${frame.pairs} within, max error ${num(frame.maxError)}`);
    for (const o of frame.offenders) {
      lines.push(
        `    ${boneLabel(skeleton, o.child, nameOf)} under ${boneLabel(skeleton, o.parent, nameOf)} (entries ${o.childEntry} and ${o.parentEntry}): recovered ${vec(o.recovered)}, stored ${vec(o.stored)}, off by ${num(o.error)}`,
      );
    }
  });
  return `${lines.join('\n')}\n`;
}
