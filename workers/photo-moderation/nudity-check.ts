/**
 * The nudity rule, for profile and chat photos alike: workers/vision/nudity-rule.ts on the
 * classifier's readings.
 */
import type { NudityClassifier } from '../vision/nudity-classifier.ts';
import { readsExplicit } from '../vision/nudity-rule.ts';
import type { RawImage } from '../vision/raw-image.ts';
import type { CheckInput, ContentCheck } from './pipeline.ts';
import { refusal } from './refusal.ts';

export function nudityCheck(classifier: NudityClassifier, pixels: (input: CheckInput) => Promise<RawImage>): ContentCheck {
  return async (input) => {
    return (await readsExplicit(classifier, await pixels(input))) ? refusal('nudity') : { ok: true };
  };
}
