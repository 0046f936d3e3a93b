import { quatLaneDifference } from '../../math/quaternion.js';
import { maxLaneDifference } from '../../math/vector.js';
import { formatNumber, formatTransform, heldWithoutSummary, offenderList, notApplicable, worst } from './report.js';
import { ROOT_OWN_TOLERANCE } from './tolerances.js';
import type { Check } from './types.js';

/**
 * Informative: whether the stored root local equals the Skeleton's own transform (the seed counts
 * 1,033 of 1,120). At run time the own transform replaces the root local either way, so this is
 * never a failure: a difference is reported with status `noted`.
 */
export const rootLocalEqualsOwn: Check = {
  id: 'root-local-equals-own',
  title: 'Stored root local equals the own transform',
  statement: "The stored root local equals the Skeleton's own transform (informative; the seed counts 1,033 of 1,120).",
  confidence: 'Informative',
  failure:
    'never a failure: when it does not hold (status noted), bone 0 with the largest lane difference (1e-4 a lane) and both transforms.',
  dialects: ['anvilnext'],
  run(subject) {
    const { bones, ownTransform } = subject.skeleton;
    if (ownTransform === null || ownTransform === undefined)
      return notApplicable(rootLocalEqualsOwn, subject, 'the skeleton has no own transform');
    if (bones.length === 0) return notApplicable(rootLocalEqualsOwn, subject, 'the skeleton has no bones');
    let measured = NaN;
    try {
      const local = bones[0]!.local;
      measured = worst(maxLaneDifference(ownTransform.position, local.position), quatLaneDifference(ownTransform.rotation, local.rotation));
    } catch {
      // malformed transforms: measured stays NaN and the difference is noted
    }
    const holds = measured <= ROOT_OWN_TOLERANCE;
    if (holds && subject.summaries === false) return heldWithoutSummary(rootLocalEqualsOwn, subject);
    const list = offenderList(rootLocalEqualsOwn, subject);
    if (!holds) {
      const message = `the stored root local differs from the own transform by ${formatNumber(measured)} (largest lane)`;
      if (subject.details === false) list.add({ bone: 0, measured, message });
      else list.add({ bone: 0, measured, expected: formatTransform(ownTransform), actual: formatTransform(bones[0]?.local), message });
    }
    return list.result(
      () => ({
        held: `the stored root local equals the own transform within ${ROOT_OWN_TOLERANCE}`,
        failed: `the stored root local differs from the own transform (runtime uses the own transform)`,
      }),
      'noted',
    );
  },
};
