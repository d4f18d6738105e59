/**
 * A catalogue of values that break careless servers, grouped by the mistake they catch, for any
 * test that throws garbage at a route (the API fuzz suite today; uploads, chat and payments
 * later). Every value is named, so a failure report says which one did it.
 *
 * Values are JSON-position values unless a group says otherwise. JSON cannot spell some numbers
 * (1e400, -0, 2^53+1 keep their meaning only as text), so those are `RawJson`: `toJsonText` writes
 * them verbatim. `asText` gives the form a value takes in a path segment or a query string.
 */
import fc from 'fast-check';

/** JSON text written as is inside a body: numbers that JSON.stringify cannot produce. */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
export const rawJson = (text: string) => new RawJson(text);

/** An object that owns `key` (an object literal would set the prototype for `__proto__`). */
export function ownKey(key: string, value: unknown): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  Object.defineProperty(object, key, { value, enumerable: true, configurable: true, writable: true });
  return object;
}

/** `depth` arrays inside each other, built without recursion. */
export function nestedArrays(depth: number, innermost: unknown = 1): unknown {
  let value: unknown = innermost;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** `depth` objects inside each other under `key`. */
export function nestedObjects(depth: number, key = 'a', innermost: unknown = 1): unknown {
  let value: unknown = innermost;
  for (let i = 0; i < depth; i++) value = { [key]: value };
  return value;
}

export const DEEP_NESTING = 1_500;
/** The API's body limit is 1 MB; this is over it. */
export const OVERSIZED_BYTES = 1_100_000;
export const LONG_STRING_LENGTH = 100_000;

/** Names that reach Object.prototype when a parser or a merge treats them as ordinary keys. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** The same names in the spellings query-string parsers expand into nested objects. */
export const PROTOTYPE_QUERY_KEYS = [
  '__proto__',
  '__proto__.min',
  '__proto__[min]',
  '__proto__[]',
  'constructor',
  'constructor.prototype.x',
  'constructor[prototype][x]',
  'prototype',
  'a[__proto__][b]',
  'a.__proto__.b',
] as const;

/** JSON bodies that carry prototype keys as own keys at the top and one level down. */
export const PROTOTYPE_BODIES: Record<string, unknown> = {
  'own __proto__': ownKey('__proto__', { min: 'x', polluted: true }),
  'own constructor.prototype': { constructor: { prototype: { min: 'x' } } },
  'nested __proto__': { a: ownKey('__proto__', { min: 'x' }) },
  'own prototype': { prototype: { min: 'x' } },
};

/** Groups of JSON-position values; `CATALOGUE` flattens them. */
export const HOSTILE: Record<string, Record<string, unknown>> = {
  prototypeNames: Object.fromEntries(PROTOTYPE_KEYS.map((key) => [key, key])),
  prototypeBodies: PROTOTYPE_BODIES,
  // PostgreSQL text cannot hold NUL; drivers refuse or truncate.
  nulBytes: { 'NUL inside': 'a\u0000b', 'NUL alone': '\u0000', 'NUL at end': 'x\u0000', 'NUL in an email': 'a\u0000@example.com' },
  // Half a UTF-16 pair has no UTF-8 form, so encoding it for the database fails.
  loneSurrogates: { 'high surrogate': '\ud800', 'low surrogate after text': 'x\udfff', 'pair reversed': '\udc00\ud800' },
  numbersAsText: {
    'text Infinity': 'Infinity',
    'text -Infinity': '-Infinity',
    'text NaN': 'NaN',
    'text 1e400': '1e400',
    'text -1e400': '-1e400',
    'text 2^53+1': '9007199254740993',
    'text -1': '-1',
    'text 0': '0',
    'text 1.5': '1.5',
    'text -0': '-0',
    'text 0x10': '0x10',
    'text 1e3': '1e3',
    'text +1': '+1',
    'text 01': '01',
    'text 1 with spaces': ' 1 ',
    'text 2^63': '9223372036854775808',
  },
  numbersAsJson: {
    'JSON 1e400': rawJson('1e400'),
    'JSON -1e400': rawJson('-1e400'),
    'JSON 2^53+1': rawJson('9007199254740993'),
    'JSON -0': rawJson('-0'),
    'JSON 1e-400': rawJson('1e-400'),
    'JSON 2^63': rawJson('9223372036854775808'),
    'JSON -1': -1,
    'JSON 0': 0,
    'JSON 1.5': 1.5,
    'JSON max safe': Number.MAX_SAFE_INTEGER,
    'JSON max value': Number.MAX_VALUE,
    'JSON min value': Number.MIN_VALUE,
  },
  deepNesting: {
    'arrays nested deep': nestedArrays(DEEP_NESTING),
    'objects nested deep': nestedObjects(DEEP_NESTING),
    'objects nested deep under min': nestedObjects(DEEP_NESTING, 'min'),
  },
  longStrings: {
    '100 kB of a': 'a'.repeat(LONG_STRING_LENGTH),
    '100 kB of digits': '9'.repeat(LONG_STRING_LENGTH),
    '100 kB of emoji': '😀'.repeat(LONG_STRING_LENGTH / 4),
  },
  arraysForScalars: { 'empty array': [], 'array of 1': [1], 'array of text': ['a', 'b'], 'array of null': [null], 'array in array': [[]] },
  objectsForScalars: { 'empty object': {}, 'object a:1': { a: 1 }, 'range object': { min: 1, max: 2 }, 'operator object': { $gt: '' } },
  idAndBooleanConfusion: {
    true: true,
    false: false,
    null: null,
    'text false': 'false',
    'text true': 'true',
    'array [1]': [1],
    'text 1': '1',
  },
  emptyAndWhitespace: { empty: '', space: ' ', 'tab and newline': '\t\n', 'no-break space': '\u00a0', 'ideographic space': '\u3000' },
  unicodeOddities: {
    'RTL override': '\u202eevil\u202c',
    'zero-width joiner': 'a\u200db',
    'family emoji': '👨‍👩‍👧‍👦',
    'combining accent': 'e\u0301',
    'byte order mark': '\ufeffname',
    'line separator': 'a\u2028b',
    'dotted capital I': 'İstanbul',
    'fullwidth digits': '１２３',
    'Arabic ligature': 'ﷺ',
  },
  sqlAndJsonText: {
    'SQL drop': "'; drop table users; --",
    'SQL or': "' or '1'='1",
    'JSON operator text': '{"$gt":""}',
    'LIKE wildcards': '%_%',
    backslash: '\\',
    'template text': '${7*7}{{7*7}}',
    'script tag': '<script>alert(1)</script>',
    'path traversal': '../../../etc/passwd',
  },
};

/**
 * The few values most likely to crash a handler (they get past loose validation and then break
 * the database or the arithmetic): worth trying in every single field, where the whole catalogue
 * would be too slow.
 */
export const BREAKERS: Record<string, unknown> = {
  'NUL inside': 'a\u0000b',
  'high surrogate': '\ud800',
  'JSON 1e400': rawJson('1e400'),
  'text Infinity': 'Infinity',
  'JSON -1': -1,
  'JSON 2^53+1': rawJson('9007199254740993'),
  '100 kB of a': 'a'.repeat(LONG_STRING_LENGTH),
  'array of text with NUL': ['a\u0000'],
  'range with NUL': { min: 'a\u0000', max: '\ud800' },
  '__proto__ object': ownKey('__proto__', { min: 'x' }),
};

export interface HostileValue {
  group: string;
  name: string;
  value: unknown;
}

/** Every value of every group, in a stable order. */
export const CATALOGUE: HostileValue[] = Object.entries(HOSTILE).flatMap(([group, values]) =>
  Object.entries(values).map(([name, value]) => ({ group, name, value })),
);

/** Content types a JSON route may receive instead of `application/json`; null sends none. */
export const CONTENT_TYPES: Record<string, string | null> = {
  'text/plain': 'text/plain',
  'form encoded': 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data; boundary=----hostile',
  missing: null,
  'JSON in UTF-16': 'application/json; charset=utf-16',
  'JSON in latin1': 'application/json; charset=latin1',
  'JSON in capitals': 'APPLICATION/JSON',
  'JSON with junk parameters': 'application/json; ; a=b; charset="utf-8"',
  'vendor JSON': 'application/vnd.api+json',
  empty: '',
  'two types': 'application/json, text/plain',
};

/** Bodies that are not JSON at all, or JSON a strict parser must refuse. */
export const MALFORMED_JSON: Record<string, string> = {
  'open brace': '{',
  'missing value': '{"a":',
  'trailing comma': '[1,]',
  'single quotes': "{'a':1}",
  'bare word': 'nul',
  'two documents': '{"a":1}{"b":2}',
  'byte order mark': '\ufeff{}',
  'empty text': '',
  'only spaces': '   ',
  'unterminated string': '{"a":"b',
  'bad escape': '{"a":"\\x00"}',
  'escaped lone surrogate': '{"a":"\\ud800"}',
  'duplicate keys': '{"a":1,"a":{"__proto__":{"min":"x"}}}',
  'text __proto__': '{"__proto__":{"min":"x"}}',
  'text constructor.prototype': '{"constructor":{"prototype":{"min":"x"}}}',
  'raw NUL byte': '{"a":"\u0000"}',
  'huge exponent': '{"a":1e999999}',
  'deep brackets': '['.repeat(100_000),
};

/** A JSON body over the body limit. */
export const oversizedJson = () => JSON.stringify({ filler: 'a'.repeat(OVERSIZED_BYTES) });

/** A JWT with the right shape that no server signed. */
function forgedJwt(header: object, claims: object, signature = 'c2lnbmF0dXJl'): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part(header)}.${part(claims)}.${signature}`;
}

const FORGED_CLAIMS = { sid: '00000000-0000-0000-0000-000000000000', sub: '1', iat: 1_700_000_000, exp: 4_000_000_000 };

/** Authorization header values that must all end in 401 (undefined: no header at all). */
export const AUTHORIZATION_VARIANTS: Record<string, string | undefined> = {
  missing: undefined,
  empty: '',
  'scheme only': 'Token',
  'Token x': 'Token x',
  'Bearer only': 'Bearer ',
  'Basic credentials': 'Basic dXNlcjpwYXNz',
  'forged HS256': `Bearer ${forgedJwt({ alg: 'HS256', typ: 'JWT' }, FORGED_CLAIMS)}`,
  'alg none': `Bearer ${forgedJwt({ alg: 'none', typ: 'JWT' }, FORGED_CLAIMS, '')}`,
  'RS256 header': `Token ${forgedJwt({ alg: 'RS256', typ: 'JWT' }, FORGED_CLAIMS)}`,
  'claims with hostile sid': `Token ${forgedJwt({ alg: 'HS256' }, { sid: "'; drop table sessions; --", sub: '__proto__' })}`,
  'claims not an object': `Token ${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from('[1]').toString('base64url')}.x`,
  'three dots': 'Token ...',
  'two tokens': 'Token a b',
  overlong: `Token ${'a'.repeat(16_000)}`,
  'overlong JWT-shaped': `Bearer ${'a'.repeat(8_000)}.${'b'.repeat(8_000)}.c`,
};

/** X-Forwarded-For values a client may spoof to dodge per-IP limits. */
export const FORWARDED_FOR_VARIANTS: Record<string, string> = {
  localhost: '127.0.0.1',
  'IPv6 loopback': '::1',
  chain: '1.1.1.1, 2.2.2.2, 127.0.0.1',
  'not an address': 'unknown',
  'long chain': Array.from({ length: 1_000 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(', '),
  overlong: 'a'.repeat(16_000),
  'prototype name': '__proto__',
};

/**
 * The text form of a catalogue value, as it would appear in a path segment or a query string:
 * strings as they are, numbers as JSON would write them, anything else as its JSON text.
 */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof RawJson) return value.text;
  if (value === undefined) return '';
  return toJsonText(value);
}

/**
 * JSON.stringify that also writes `RawJson` verbatim and keeps own `__proto__` keys. Iterative,
 * so a body nested thousands deep is written without exhausting the stack.
 */
class KeyMark {
  readonly key: string;
  constructor(key: string) {
    this.key = key;
  }
}

export function toJsonText(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  const CLOSE_ARRAY = Symbol('close array');
  const CLOSE_OBJECT = Symbol('close object');
  const COMMA = Symbol('comma');
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === CLOSE_ARRAY) out.push(']');
    else if (item === CLOSE_OBJECT) out.push('}');
    else if (item === COMMA) out.push(',');
    else if (item instanceof KeyMark) out.push(`${JSON.stringify(item.key)}:`);
    else if (item instanceof RawJson) out.push(item.text);
    else if (Array.isArray(item)) {
      out.push('[');
      stack.push(CLOSE_ARRAY);
      for (let i = item.length - 1; i >= 0; i--) {
        const element = item[i];
        stack.push(element === undefined || typeof element === 'function' || typeof element === 'symbol' ? null : element);
        if (i > 0) stack.push(COMMA);
      }
    } else if (typeof item === 'object' && item !== null && !(item instanceof Date)) {
      out.push('{');
      stack.push(CLOSE_OBJECT);
      const entries = Object.keys(item)
        .map((key) => [key, (item as Record<string, unknown>)[key]] as const)
        .filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol');
      for (let i = entries.length - 1; i >= 0; i--) {
        stack.push(entries[i][1]);
        stack.push(new KeyMark(entries[i][0]));
        if (i > 0) stack.push(COMMA);
      }
    } else if (typeof item === 'bigint') out.push(item.toString());
    else out.push(JSON.stringify(item) ?? 'null');
  }
  return out.join('');
}

// ---- fast-check arbitraries built from the catalogue ----

/** One catalogue value. */
export const catalogueValue: fc.Arbitrary<unknown> = fc.constantFrom(...CATALOGUE.map((entry) => entry.value));

/** Catalogue values that are text: what a path segment, query value or header can carry. */
export const catalogueText: fc.Arbitrary<string> = fc.constantFrom(...CATALOGUE.map((entry) => asText(entry.value)));

/** Generated text: control characters, lone surrogates and full Unicode included. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\ud800', '\udfff', '%', '.', '[', ']', '_', '\\', '"', "'", 'a', '0'), maxLength: 12 }),
);

/** Numbers JSON can and cannot spell. */
export const anyNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(...Object.values(HOSTILE.numbersAsJson)),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => rawJson(n.toString())),
);

/** Any JSON-position value: mostly catalogue, the rest generated (anything fast-check can build). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: catalogueValue, weight: 5 },
  { arbitrary: anyText, weight: 2 },
  { arbitrary: anyNumber, weight: 2 },
  { arbitrary: fc.anything({ maxDepth: 3, maxKeys: 4, withNullPrototype: true }), weight: 2 },
);

/** Text for a path segment or a query value. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: catalogueText, weight: 5 },
  { arbitrary: anyText, weight: 3 },
  { arbitrary: anyNumber.map(asText), weight: 2 },
);

/** A key for a body object or a query string. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...PROTOTYPE_QUERY_KEYS), weight: 3 },
  { arbitrary: catalogueText.filter((text) => text.length < 200), weight: 2 },
  { arbitrary: anyText, weight: 2 },
);

/** An object with hostile keys and values (own `__proto__` keys included). */
export const hostileObject: fc.Arbitrary<Record<string, unknown>> = fc
  .array(fc.tuple(hostileKey, hostileValue), { maxLength: 5 })
  .map((entries) => {
    const object: Record<string, unknown> = {};
    for (const [key, value] of entries) Object.assign(object, ownKey(key, value));
    return object;
  });
