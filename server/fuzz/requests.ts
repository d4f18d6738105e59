/**
 * The requests a fuzz run sends, built from the operations of openapi.yaml: a fixed pass that
 * puts every catalogue value in every place of every operation, and a fast-check arbitrary that
 * mixes valid ids, schema-shaped bodies and hostile values at random.
 */
import fc from 'fast-check';
import { COMPLETE_FORM } from '../test/profiles.ts';
import {
  AUTHORIZATION_VARIANTS,
  asText,
  BREAKERS,
  CATALOGUE,
  CONTENT_TYPES,
  FORWARDED_FOR_VARIANTS,
  hostileKey,
  hostileObject,
  hostileText,
  hostileValue,
  MALFORMED_JSON,
  oversizedJson,
  PROTOTYPE_QUERY_KEYS,
} from '../test/hostile-values.ts';
import type { ApiDocument, Operation, Parameter, Schema } from './operations.ts';
import { type Body, type Caller, type FuzzRequest, TWISTS } from './probe.ts';
import type { World } from './world.ts';

/** Whether a parameter or property holds a user id (otherwise an id is a profile id). */
const isUserId = (name: string) => /user/i.test(name);

/** Ids of the kind the schema names (x-id-of), else by the name: user ids or profile ids. */
function validIds(world: World, name: string, schema?: Schema): number[] {
  if (schema?.['x-id-of'] === 'match') return world.matchIds;
  if (schema?.['x-id-of'] === 'report') return world.reportIds;
  if (schema?.['x-id-of'] === 'statement') return world.statementIds;
  return isUserId(name) ? world.userIds : world.profileIds;
}

/** A value the route accepts for this property, so the hostility sits in one place at a time. */
function validValue(name: string, schema: Schema, world: World, index = 0): unknown {
  const known: Record<string, unknown> = {
    username: world.caller.username,
    email: world.caller.email,
    password: world.caller.password,
    password1: 'Correct-Horse-9',
    password2: 'Correct-Horse-9',
    new_password: 'Correct-Horse-9',
    confirm_password: 'Correct-Horse-9',
    token: 'not-a-reset-token',
    liked: index % 2 === 0,
    ...COMPLETE_FORM,
    gender: 'Man',
  };
  if (name in known) return known[name];
  if (/_id$/.test(name)) return validIds(world, name, schema)[index % validIds(world, name, schema).length];
  if (schema.enum?.length) return schema.enum[index % schema.enum.length];
  if (schema.type === 'boolean') return true;
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'string') return 'x';
  // Filters and other untyped properties: null means "not set" there.
  return null;
}

function validBody(op: Operation, world: World, index = 0): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(op.body?.properties ?? {})) {
    if (op.body?.required?.includes(name) || name in COMPLETE_FORM) body[name] = validValue(name, schema, world, index);
  }
  return body;
}

function validPath(op: Operation, world: World, index = 0): Record<string, string> {
  return Object.fromEntries(
    op.pathParams.map((p) => [p.name, String(validIds(world, p.name, p.schema)[index % validIds(world, p.name, p.schema).length])]),
  );
}

/** Query keys worth trying on an operation: its own, then every name the API uses somewhere. */
function queryKeys(op: Operation, document: ApiDocument): string[] {
  return [...op.queryParams.map((p) => p.name), ...document.propertyNames];
}

/** Operations whose requests may carry a body (GET ones get one only at random). */
const takesBody = (op: Operation) => op.body !== null || op.method !== 'GET';

const base = (op: Operation, world: World, label: string): FuzzRequest => ({
  op,
  label,
  caller: { kind: 'member' },
  pathValues: validPath(op, world),
  encoding: 'component',
  query: [],
  body: op.body ? { kind: 'json', value: validBody(op, world) } : { kind: 'none' },
});

/**
 * Every catalogue value in every place of every operation (path parameter, query value, one body
 * property, the whole body), then every query-key, header, content-type and malformed-body variant.
 */
export function catalogueRequests(document: ApiDocument, world: World): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  for (const op of document.operations) {
    const keys = queryKeys(op, document);
    const properties = Object.keys(op.body?.properties ?? {});
    CATALOGUE.forEach((entry, i) => {
      const text = asText(entry.value);
      for (const param of op.pathParams) {
        requests.push({
          ...base(op, world, `path ${param.name} = ${entry.name}`),
          pathValues: { ...validPath(op, world), [param.name]: text },
        });
      }
      const key = keys[i % keys.length];
      requests.push({ ...base(op, world, `query ${key} = ${entry.name}`), query: [[key, text]] });
      if (properties.length > 0) {
        const property = properties[i % properties.length];
        const value = { ...validBody(op, world, i), [property]: entry.value };
        requests.push({ ...base(op, world, `body.${property} = ${entry.name}`), body: { kind: 'json', value } });
      }
      if (takesBody(op)) requests.push({ ...base(op, world, `body = ${entry.name}`), body: { kind: 'json', value: entry.value } });
    });
    // The likeliest crashers go in every single field and, where the route reads its query, in
    // every name it might read (discovery takes its filters from the query string too).
    for (const [name, value] of Object.entries(BREAKERS)) {
      for (const property of properties) {
        requests.push({
          ...base(op, world, `body.${property} = ${name}`),
          body: { kind: 'json', value: { ...validBody(op, world), [property]: value } },
        });
      }
      if (op.queryParams.length === 0) continue;
      for (const key of keys) requests.push({ ...base(op, world, `query ${key} = ${name}`), query: [[key, asText(value)]] });
    }
    for (const key of PROTOTYPE_QUERY_KEYS) {
      requests.push({ ...base(op, world, `query key ${key}`), query: [[key, 'x']] });
      requests.push({ ...base(op, world, `query key ${key}, loose encoding`), encoding: 'loose', query: [[key, '1']] });
    }
    for (const [name, value] of Object.entries(AUTHORIZATION_VARIANTS)) {
      requests.push({ ...base(op, world, `authorization ${name}`), caller: { kind: 'header', name: 'authorization', value } });
    }
    for (const twist of Object.keys(TWISTS))
      requests.push({ ...base(op, world, `authorization ${twist}`), caller: { kind: 'twisted', twist } });
    for (const [name, value] of Object.entries(FORWARDED_FOR_VARIANTS)) {
      requests.push({ ...base(op, world, `x-forwarded-for ${name}`), forwardedFor: value });
    }
    if (!takesBody(op)) continue;
    for (const [name, contentType] of Object.entries(CONTENT_TYPES)) {
      requests.push({
        ...base(op, world, `content-type ${name}`),
        body: { kind: 'raw', text: JSON.stringify(validBody(op, world)) },
        contentType,
      });
    }
    for (const [name, text] of Object.entries(MALFORMED_JSON)) {
      requests.push({ ...base(op, world, `malformed JSON: ${name}`), body: { kind: 'raw', text } });
    }
    requests.push({ ...base(op, world, 'body over 1 MB'), body: { kind: 'raw', text: oversizedJson() } });
  }
  return requests;
}

// ---- random requests ----

function pathValue(param: Parameter, world: World): fc.Arbitrary<string> {
  const max = param.schema.maximum ?? Number.MAX_SAFE_INTEGER;
  return fc.oneof(
    { arbitrary: fc.constantFrom(...validIds(world, param.name, param.schema)).map(String), weight: 3 },
    { arbitrary: hostileText, weight: 3 },
    { arbitrary: fc.constantFrom(0, -1, max, max + 2, (param.schema.minimum ?? 1) - 1).map(String), weight: 1 },
    { arbitrary: fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String), weight: 1 },
  );
}

function queryValue(param: Parameter): fc.Arbitrary<string> {
  const { minimum = 0, maximum = 1000 } = param.schema;
  return fc.oneof(
    { arbitrary: fc.integer({ min: minimum - 1, max: Math.min(maximum + 1, 2 ** 31) }).map(String), weight: 2 },
    { arbitrary: hostileText, weight: 3 },
  );
}

function queryArbitrary(op: Operation, document: ApiDocument): fc.Arbitrary<Array<[string, string]>> {
  const known = fc.tuple(
    ...op.queryParams.map((p) =>
      fc.option(
        queryValue(p).map((v): [string, string] => [p.name, v]),
        { nil: undefined },
      ),
    ),
  );
  const documentedName = fc.constantFrom(...document.propertyNames);
  const extraKey = fc.oneof(
    { arbitrary: hostileKey, weight: 2 },
    { arbitrary: documentedName, weight: 2 },
    { arbitrary: fc.tuple(documentedName, fc.constantFrom('.min', '.max', '[min]', '[max]', '[]')).map(([a, b]) => a + b), weight: 2 },
  );
  const extras = fc.array(fc.tuple(extraKey, hostileText), { maxLength: 4 });
  return fc.tuple(known, extras).map(([k, e]) => [...k.filter((pair): pair is [string, string] => pair !== undefined), ...e]);
}

/** A body with the schema's properties, each left out, valid, hostile or a hostile container. */
function shapedBody(op: Operation, world: World): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(op.body?.properties ?? {});
  const leaf = (name: string, schema: Schema) =>
    fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 6 },
      { arbitrary: fc.constant(validValue(name, schema, world)), weight: 2 },
      { arbitrary: hostileValue, weight: 2 },
      { arbitrary: fc.record({ min: hostileValue, max: hostileValue }), weight: 1 },
      { arbitrary: fc.array(hostileValue, { maxLength: 3 }), weight: 1 },
    );
  return fc
    .tuple(fc.tuple(...properties.map(([name, schema]) => leaf(name, schema))), hostileObject, fc.boolean())
    .map(([values, extra, withExtra]) => {
      const body: Record<string, unknown> = {};
      properties.forEach(([name], i) => {
        if (values[i] !== undefined) body[name] = values[i];
      });
      return withExtra ? Object.assign(body, extra) : body;
    });
}

function bodyArbitrary(op: Operation, world: World): fc.Arbitrary<Body> {
  const json = (value: unknown): Body => ({ kind: 'json', value });
  if (!takesBody(op)) {
    return fc.oneof({ arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 9 }, { arbitrary: hostileValue.map(json), weight: 1 });
  }
  const shaped = op.body ? [{ arbitrary: shapedBody(op, world).map(json), weight: 60 }] : [];
  return fc.oneof(
    ...shaped,
    { arbitrary: hostileValue.map(json), weight: 20 },
    { arbitrary: hostileObject.map(json), weight: 15 },
    { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 4 },
    { arbitrary: fc.constantFrom(...Object.values(MALFORMED_JSON)).map((text): Body => ({ kind: 'raw', text })), weight: 4 },
    { arbitrary: fc.constant<Body>({ kind: 'raw', text: oversizedJson() }), weight: 1 },
  );
}

const callerArbitrary: fc.Arbitrary<Caller> = fc.oneof(
  { arbitrary: fc.constant<Caller>({ kind: 'member' }), weight: 12 },
  { arbitrary: fc.constant<Caller>({ kind: 'anonymous' }), weight: 1 },
  { arbitrary: fc.constantFrom(...Object.keys(TWISTS)).map((twist): Caller => ({ kind: 'twisted', twist })), weight: 1 },
  {
    arbitrary: fc
      .oneof(
        fc.constantFrom(...Object.values(AUTHORIZATION_VARIANTS)),
        hostileText,
        hostileText.map((t) => `Token ${t}`),
      )
      .map((value): Caller => ({ kind: 'header', name: 'authorization', value })),
    weight: 2,
  },
);

/** Mostly undefined (the ordinary header), one time in ten a hostile one. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 9 }, { arbitrary, weight: 1 });

/**
 * A random request to one of the operations. `weightOf` says how often each is picked, so the
 * slow ones (password hashing) stay a small share of the run.
 */
export function requestArbitrary(document: ApiDocument, world: World, weightOf: (op: Operation) => number): fc.Arbitrary<FuzzRequest> {
  const perOperation = document.operations.map((op) => ({
    weight: weightOf(op),
    arbitrary: fc
      .record({
        caller: callerArbitrary,
        pathValues: fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, pathValue(p, world)]))),
        encoding: fc.constantFrom<FuzzRequest['encoding']>('component', 'component', 'loose'),
        query: queryArbitrary(op, document),
        body: bodyArbitrary(op, world),
        contentType: sometimes(fc.oneof(fc.constantFrom(...Object.values(CONTENT_TYPES)), hostileText)),
        forwardedFor: sometimes(fc.oneof(fc.constantFrom(...Object.values(FORWARDED_FOR_VARIANTS)), hostileText)),
      })
      .map((parts): FuzzRequest => ({ op, label: 'random', ...parts })),
  }));
  return fc.oneof(...perOperation);
}
