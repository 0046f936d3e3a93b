/**
 * Checks derived from the declarations: a field declared with an expectation (`field(…, { check,
 * equals | oneOf | pointer })`) is compared with the record here, so the value the sources report
 * lives in the declaration alone. A check applies to the layouts whose declarations name it.
 */
import { meetsExpectation, type FieldExpectation, type StructField } from '../../grammar/struct.js';
import { findLayout, layouts } from '../../formats/registry.js';
import { formatValue } from '../../io/format.js';
import { formatNumber, heldWithoutSummary, notApplicable, offenderList } from './report.js';
import type { Check, CheckConfidence } from './types.js';

interface DeclaredField {
  name: string;
  expect: FieldExpectation;
  /** Whether a value meets the expectation, built once per field (the census asks it of every bone). */
  holds: (value: unknown) => boolean;
}

function holdsFor(expect: FieldExpectation): (value: unknown) => boolean {
  if ('equals' in expect) {
    const expected = expect.equals;
    return (value) => value === expected;
  }
  return (value) => meetsExpectation(expect, value);
}

/** The fields of the Skeleton and of the Bone that carry an expectation for `check`, by layout. */
function declaredFields(dialect: string, check: string): { skeleton: DeclaredField[]; bone: DeclaredField[] } | null {
  const layout = findLayout(dialect);
  if (layout === undefined || !layout.kinds.includes('Skeleton')) return null;
  const pick = (fields: readonly StructField[]): DeclaredField[] =>
    fields.flatMap((f) =>
      f.expect !== undefined && f.expect.check === check ? [{ name: f.name, expect: f.expect, holds: holdsFor(f.expect) }] : [],
    );
  const skeleton = pick(layout.declaration('Skeleton', layout.defaultReading).fields);
  const bone = pick(layout.bone.fields);
  return skeleton.length + bone.length === 0 ? null : { skeleton, bone };
}

function expectedText(expect: FieldExpectation): string {
  if ('equals' in expect) return formatNumber(expect.equals);
  if ('oneOf' in expect) return `one of ${expect.oneOf.join(', ')}`;
  return 'null (03)';
}

function actualText(value: unknown): string {
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'object' && value !== null && 'kind' in value) {
    const kind = (value as { kind: string }).kind;
    return kind === 'ref' ? 'a reference (02)' : kind === 'inline' ? 'an inline object (00)' : kind;
  }
  return typeof value === 'bigint' ? formatValue(value) : String(value);
}

/** What every declared check's failure names. */
const DECLARED_FAILURE =
  'every bone (or the Skeleton) whose declared field holds another value: the field, the value found and the value declared.';

/**
 * The fields of a layout's Skeleton and Bone declarations that declare a value for `check`, each with
 * the value in words (`7`, `one of 0, 1, 2`, `null (03)`), Bone fields as `bones[].name`; an empty
 * list when the layout declares none. What docs/checks.md lists per layout. Never throws.
 */
export function declaredCheckFields(check: string, dialect: string): { field: string; expected: string }[] {
  const fields = declaredFields(dialect, check);
  if (fields === null) return [];
  return [
    ...fields.skeleton.map((f) => ({ field: f.name, expected: expectedText(f.expect) })),
    ...fields.bone.map((f) => ({ field: `bones[].${f.name}`, expected: expectedText(f.expect) })),
  ];
}

/** A check of the declared values `id` names, with its words and confidence. */
function declaredCheck(id: string, title: string, statement: string, confidence: CheckConfidence): Check {
  // Per layout, the fields that declare a value for this check (looked up once per layout).
  const byLayout = new Map<string, ReturnType<typeof declaredFields>>();
  const fieldsFor = (dialect: string): ReturnType<typeof declaredFields> => {
    let fields = byLayout.get(dialect);
    if (fields === undefined) {
      fields = declaredFields(dialect, id);
      byLayout.set(dialect, fields);
    }
    return fields;
  };
  const check: Check = {
    id,
    title,
    statement,
    confidence,
    failure: DECLARED_FAILURE,
    // The registered layouts that declare the values, asked when read (a layout registered later counts).
    get dialects() {
      return layouts()
        .filter((layout) => fieldsFor(layout.name) !== null)
        .map((layout) => layout.name);
    },
    appliesTo: (dialect) => fieldsFor(dialect) !== null,
    run(subject) {
      const fields = fieldsFor(subject.skeleton.dialect);
      const record = subject.record as { bones?: unknown; [field: string]: unknown } | undefined;
      if (fields === null || record === undefined || record === null || !Array.isArray(record.bones))
        return notApplicable(check, subject, `needs the decoded record of a layout that declares these values`);
      // Decoding compared every declared value as it read them: nothing to scan when none was missed.
      if (subject.unmet !== undefined && subject.summaries === false && !subject.unmet.includes(id))
        return heldWithoutSummary(check, subject);
      const bones = record.bones as Record<string, unknown>[];
      // The common case holds everywhere: one plain pass per field with no allocation, and the
      // offender list built only when a value differs.
      let firstBoneField = 0;
      while (firstBoneField < fields.bone.length && firstOffender(bones, fields.bone[firstBoneField]!) < 0) firstBoneField++;
      if (firstBoneField === fields.bone.length && subject.summaries === false && fields.skeleton.every((f) => f.holds(record[f.name])))
        return heldWithoutSummary(check, subject);
      const list = offenderList(check, subject);
      for (let at = firstBoneField; at < fields.bone.length; at++) {
        const f = fields.bone[at]!;
        if (firstOffender(bones, f) < 0) continue;
        for (let index = 0; index < bones.length; index++) {
          const value = bones[index]?.[f.name];
          if (!f.holds(value)) list.add(offence(index, `bone ${index}`, f, value));
        }
      }
      for (const f of fields.skeleton) {
        const value = record[f.name];
        if (!f.holds(value)) list.add(offence(-1, 'the Skeleton', f, value));
      }
      return list.result(() => {
        const names = [...fields.bone.map((f) => `bones[].${f.name}`), ...fields.skeleton.map((f) => f.name)].join(', ');
        return { held: `${names}: every value as declared`, failed: `${list.count} value(s) differ from the declared ones` };
      });
    },
  };
  return check;
}

/**
 * The first bone whose field misses its declared value, or −1: `holds` restated inline for the two
 * expectations every bone carries (a value, a null pointer), so the scan calls nothing per bone.
 */
function firstOffender(bones: readonly Record<string, unknown>[], f: DeclaredField): number {
  const name = f.name;
  const expect = f.expect;
  if ('equals' in expect) {
    const expected = expect.equals;
    for (let index = 0; index < bones.length; index++) if (bones[index]?.[name] !== expected) return index;
    return -1;
  }
  if ('pointer' in expect) {
    for (let index = 0; index < bones.length; index++) {
      const value = bones[index]?.[name];
      if (typeof value !== 'object' || value === null || (value as { kind?: unknown }).kind !== 'null') return index;
    }
    return -1;
  }
  for (let index = 0; index < bones.length; index++) if (!f.holds(bones[index]?.[name])) return index;
  return -1;
}

function offence(bone: number, where: string, f: DeclaredField, value: unknown) {
  const measured = 'equals' in f.expect && typeof value === 'number' ? Math.abs(value - f.expect.equals) : undefined;
  return {
    bone,
    ...(measured !== undefined && Number.isFinite(measured) ? { measured } : {}),
    expected: expectedText(f.expect),
    actual: actualText(value),
    message: `${where} ${f.name} is ${actualText(value)}, not ${expectedText(f.expect)}`,
  };
}

export const nullPointers = declaredCheck(
  'null-display-reflex',
  'BoneDisplayData and ReflexSystem are null',
  'Every bone has a null BoneDisplayData, and the Skeleton a null ReflexSystem.',
  'Observed',
);

export const boneConstants = declaredCheck(
  'bone-constants',
  'Bone constant word 7 and float 1.0',
  "Every bone's constant word is 7 and its float is 1.0 (in the sibling layouts, named as their public reader names them: the wrinkle category and the wrinkle factor).",
  'Observed',
);

export const skeletonTypeKnown = declaredCheck(
  'skeleton-type-known',
  'SkeletonType is 0–8 or 14',
  'The SkeletonType enum is one of the values that occur: 0–8 and 14.',
  'Proven',
);

/** The checks the declarations' expectations drive. */
export const DECLARED_CHECKS: readonly Check[] = [nullPointers, boneConstants, skeletonTypeKnown];
