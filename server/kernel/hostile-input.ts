/**
 * The one place that decides whether parsed request input (query, path, body) is safe to hand to
 * the routes at all, whatever their schemas say:
 *
 * - no key that could reach an object prototype (`__proto__`, `constructor`, `prototype`, also
 *   inside a dotted or bracketed query key such as `__proto__.min`);
 * - no NUL character (PostgreSQL text cannot hold one) and no unpaired UTF-16 surrogate (it has
 *   no UTF-8 form, so the database refuses it), in keys or values;
 * - no nesting deeper than any route needs, walked without recursion so a hostile depth cannot
 *   exhaust the stack.
 *
 * Pure, so it is tested directly; server/plugins/input-guard.ts applies it to every request.
 */

export const INPUT_MESSAGES = {
  forbiddenKey: 'The request uses a reserved name as a key.',
  badText: 'Text must not contain NUL characters or unpaired surrogates.',
  tooDeep: 'The request is nested too deeply.',
} as const;

export type InputProblem = keyof typeof INPUT_MESSAGES;

/** Deeper than any body or query of the API (a range inside the filters object is depth 2). */
export const MAX_INPUT_DEPTH = 16;

const FORBIDDEN_KEY = /__proto__|constructor|prototype/;
// eslint-disable-next-line no-control-regex
const NUL = /\u0000/;

const isWellFormedText = (text: string) => !NUL.test(text) && (text as string & { isWellFormed(): boolean }).isWellFormed();

/** The first problem found in `input`, or null when it is safe. */
export function findInputProblem(input: unknown): InputProblem | null {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: input, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop() as { value: unknown; depth: number };
    if (typeof value === 'string') {
      if (!isWellFormedText(value)) return 'badText';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_INPUT_DEPTH) return 'tooDeep';
    if (Array.isArray(value)) {
      for (const item of value) pending.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEY.test(key)) return 'forbiddenKey';
      if (!isWellFormedText(key)) return 'badText';
      pending.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return null;
}
