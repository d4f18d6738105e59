/** The central input check: prototype keys, NUL, unpaired surrogates and depth, found anywhere. */
import t from 'tap';
import { findInputProblem, MAX_INPUT_DEPTH } from './hostile-input.ts';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

t.test('safe input passes', async (t) => {
  for (const input of [undefined, null, 1, 'text', 'emoji 💍 and accents é', { a: [1, { b: 'c' }] }, [], {}, nested(MAX_INPUT_DEPTH - 1)]) {
    t.equal(findInputProblem(input), null, JSON.stringify(input));
  }
});

t.test('prototype keys are refused wherever they hide', async (t) => {
  const withKey = (key: string) => JSON.parse(`{"a":{"${key}":1}}`);
  for (const key of ['__proto__', 'constructor', 'prototype', '__proto__.min', 'constructor[max]', 'a.prototype.b']) {
    t.equal(findInputProblem(withKey(key)), 'forbiddenKey', key);
  }
  const query = Object.assign(Object.create(null), { '__proto__.min': 'x' });
  t.equal(findInputProblem(query), 'forbiddenKey', 'a query object without a prototype');
});

t.test('NUL and unpaired surrogates are refused in values and keys', async (t) => {
  for (const text of ['a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800']) {
    t.equal(findInputProblem({ v: text }), 'badText', JSON.stringify(text));
    t.equal(findInputProblem({ [text]: 'v' }), 'badText', `key ${JSON.stringify(text)}`);
    t.equal(findInputProblem([[text]]), 'badText', 'inside arrays');
  }
  t.equal(findInputProblem({ v: '\ud83d\udc8d' }), null, 'a surrogate pair is a real character');
});

t.test('nesting beyond the limit is refused without exhausting the stack', async (t) => {
  t.equal(findInputProblem(nested(MAX_INPUT_DEPTH + 1)), 'tooDeep');
  t.equal(findInputProblem(nested(100_000)), 'tooDeep');
});
