/** A content check's refusal under one rule, with the rule's wording from reasons.ts. */
import type { CheckVerdict } from './pipeline.ts';
import { CONTENT_CHECK_REASONS, type ContentCheckRule } from './reasons.ts';

export const refusal = (rule: ContentCheckRule): CheckVerdict => ({ ok: false, rule, reason: CONTENT_CHECK_REASONS[rule] });
