/**
 * The state every moderator decision form keeps for its reason: the text, whether the form was
 * submitted once, the count, and the problem to show. A missing reason is said only after the
 * first submit (an empty field is not an error while nobody has tried); any other problem at once.
 */
import { useState } from 'react';
import { reasonCount, REASON_REQUIRED } from './decision-form.ts';

export function useReason(required: string = REASON_REQUIRED) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const count = reasonCount(reason, required);
  const shown = count.problem === required && !tried ? null : count.problem;
  return { reason, setReason, tried, markTried: () => setTried(true), count, shown };
}
