/** Strict bodies, plain-decimal numbers in paths and query strings. */
import t from 'tap';
import { Type } from 'typebox';
import { requestValidatorCompiler } from './request-validation.ts';

// The compiler takes any JSON schema; Fastify's FastifySchema type describes route schemas instead.
const compile = requestValidatorCompiler() as unknown as (route: {
  schema: unknown;
  httpPart: string;
  method: string;
  url: string;
}) => unknown;
const params = compile({
  schema: Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }),
  httpPart: 'params',
  method: 'GET',
  url: '/x/:id',
}) as (data: unknown) => boolean;
const body = compile({
  schema: Type.Object({ to_profile_id: Type.Integer({ minimum: 1 }), liked: Type.Boolean() }),
  httpPart: 'body',
  method: 'POST',
  url: '/x',
}) as (data: unknown) => boolean;

t.test('path and query numbers must be plain decimals', async (t) => {
  for (const good of ['1', '42', String(Number.MAX_SAFE_INTEGER)]) {
    const data = { id: good };
    t.ok(params(data), good);
    t.equal(data.id, Number(good) as never, 'coerced to a number');
  }
  for (const bad of [
    'Infinity',
    '-Infinity',
    '1e400',
    '1e3',
    '1.0',
    '0x10',
    ' 1',
    '1 ',
    '+1',
    '-1',
    '0',
    '',
    '9007199254740993',
    'NaN',
    '01',
  ]) {
    t.notOk(params({ id: bad }), JSON.stringify(bad));
  }
});

t.test('bodies are typed strictly: nothing is coerced', async (t) => {
  t.ok(body({ to_profile_id: 3, liked: false }));
  for (const bad of [
    { to_profile_id: true, liked: true },
    { to_profile_id: '3', liked: true },
    { to_profile_id: [3], liked: true },
    { to_profile_id: 3, liked: 'false' },
    { to_profile_id: 3, liked: null },
    { to_profile_id: 3, liked: 0 },
    { to_profile_id: 1.5, liked: true },
  ]) {
    t.notOk(body(bad), JSON.stringify(bad));
  }
});

t.test('a body checked by a service cleaner only has to be an object of bounded size', async (t) => {
  const cleaned = compile({
    schema: { ...Type.Object({ height: Type.Integer() }), 'x-validated-by': 'cleanProfilePatch' },
    httpPart: 'body',
    method: 'PATCH',
    url: '/x',
  }) as (data: unknown) => boolean;
  t.ok(cleaned({ height: 'tall' }), 'the cleaner reports field messages itself');
  t.notOk(cleaned([1]));
  t.notOk(cleaned(Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`f${i}`, 1]))));
});
