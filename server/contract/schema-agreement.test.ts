/**
 * openapi.yaml and the service cleaners must say the same thing. The two cleaned bodies (the
 * profile PATCH and the saved filters) are checked by cleanProfilePatch and validateFilters
 * rather than by the schema, so here every documented property is exercised both ways: values
 * drawn from its schema (each option, each bound, each example, null and blank) are valid for
 * the schema AND accepted by the cleaner; wrongly typed values (digits as text, 'yes' for a
 * boolean, a non-option, a bound crossed) are invalid for the schema AND refused by the cleaner.
 */
import { readFile } from 'node:fs/promises';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import t from 'tap';
import { parse } from 'yaml';
import { FILTER_DEFINITIONS, validateFilters } from './filters.ts';
import { EDITABLE_PROFILE_FIELDS, PROFILE_FIELD_BY_NAME, UNITED_STATES } from './profile-fields.ts';
import { cleanProfilePatch } from './profile-validation.ts';

interface Schema {
  type?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  example?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Media {
  schema: Schema & { properties: Record<string, Schema>; 'x-validated-by'?: string };
  example?: Record<string, unknown>;
}
type Operation = { requestBody: { content: Record<string, Media> }; responses: Record<string, { content?: Record<string, Media> }> };

const document = parse(await readFile(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};
const patchBody = document.paths['/api/v1/profile_update/'].patch.requestBody.content['application/json'];
const filtersBody = document.paths['/api/v1/filter_profiles/'].post.requestBody.content['application/json'];

// OpenAPI 3.0 schemas: Ajv understands `nullable`; `example` is only documentation.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addKeyword({ keyword: 'example' });
const validFor = (schema: Schema) => ajv.compile(schema) as (value: unknown) => boolean;

const branches = (schema: Schema): Schema[] => (schema.anyOf ? schema.anyOf.flatMap(branches) : [schema]);

function numbersOf(schema: Schema): number[] {
  const { minimum = 0, maximum = minimum + 100, multipleOf = schema.type === 'integer' ? 1 : 0.5 } = schema;
  const middle = Math.round((minimum + maximum) / 2 / multipleOf) * multipleOf;
  return [minimum, middle, maximum];
}

/** Values the schema accepts, taken from the schema itself. */
function validSamples(schema: Schema): unknown[] {
  const samples: unknown[] = schema.nullable ? [null] : [];
  const all = branches(schema);
  for (const branch of all) {
    if (branch.nullable) samples.push(null);
    if (branch.example !== undefined) samples.push(branch.example);
    if (branch.enum) {
      samples.push(...branch.enum);
      continue;
    }
    switch (branch.type) {
      case 'integer':
      case 'number':
        samples.push(...numbersOf(branch));
        break;
      case 'boolean':
        samples.push(true, false);
        break;
      case 'array': {
        const options = (branch.items?.enum ?? []).filter((o) => o !== null);
        samples.push([], ...options.map((o) => [o]));
        // The same choices as one comma-separated string, when a string is documented beside the list.
        if (all.some((b) => b.type === 'string' && !b.pattern)) samples.push(...options.map(String), `  ${options[1]} , ${options[2]},`);
        break;
      }
      case 'object': {
        const ends = Object.values(branch.properties ?? {});
        const [low, high] = ends.map((end) => (end.enum ? end.enum : numbersOf(end)));
        samples.push({ min: low[0], max: high[high.length - 1] }, { min: low[0], max: low[0] });
        break;
      }
      case 'string':
        if (branch.pattern === '^\\s*$') samples.push('', '   ');
        else if (branch.pattern || branch.format) {
          t.not(branch.example, undefined, `a ${branch.pattern ?? branch.format} string has an example`);
          // Its shortest and longest, when plain letters fit the pattern.
          for (const length of [branch.minLength, branch.maxLength]) {
            if (length && branch.pattern && new RegExp(branch.pattern).test('a'.repeat(length))) samples.push('a'.repeat(length));
          }
        } else if (!all.some((b) => b.type === 'array')) samples.push('', 'Springfield', 'x'.repeat(branch.maxLength ?? 10));
        break;
    }
  }
  return samples;
}

/** Values of the wrong type or out of bounds: the schema refuses them. */
function invalidSamples(schema: Schema): unknown[] {
  const samples: unknown[] = [{ nested: true }];
  const all = branches(schema);
  const types = new Set(all.map((b) => b.type));
  if (!schema.nullable && !all.some((b) => b.nullable)) samples.push(null);
  for (const branch of all) {
    if (branch.enum) {
      const options = branch.enum.filter((o) => o !== null);
      samples.push('not one of the choices', typeof options[0] === 'number' ? String(options[0]) : 7.5, true);
      if (typeof options[0] === 'number') samples.push(Math.max(...(options as number[])) + 1);
      continue;
    }
    switch (branch.type) {
      case 'integer':
      case 'number': {
        const [minimum] = numbersOf(branch);
        samples.push(String(minimum), true, minimum - 1, (branch.maximum ?? 0) + 1);
        if (branch.type === 'integer') samples.push(minimum + 0.5);
        break;
      }
      case 'boolean':
        samples.push('yes', 'true', 'false', 'No', 1, 0);
        break;
      case 'array':
        samples.push(['not one of the choices'], [1], [true], [null], 42);
        break;
      case 'object': {
        const ends = Object.values(branch.properties ?? {});
        const [low] = ends.map((end) => (end.enum ? end.enum : numbersOf(end)));
        samples.push({ min: String(low[0]), max: String(low[0]) }, { min: low[0] }, [low[0], low[0]], 42);
        break;
      }
      case 'string':
        if (!types.has('integer') && !types.has('number')) samples.push(42);
        if (branch.maxLength && !types.has('array')) samples.push('x'.repeat(branch.maxLength + 1));
        break;
    }
  }
  if (types.has('string') && !types.has('boolean')) samples.push(false);
  return samples;
}

const show = (value: unknown) => JSON.stringify(value);

t.test('the PATCH body documents every editable field, each with the catalogue’s options', async (t) => {
  t.equal(patchBody.schema['x-validated-by'], 'cleanProfilePatch');
  t.same(
    Object.keys(patchBody.schema.properties),
    EDITABLE_PROFILE_FIELDS.map((f) => f.name),
  );
  for (const [name, schema] of Object.entries(patchBody.schema.properties)) {
    const options = PROFILE_FIELD_BY_NAME.get(name)?.options;
    if (!options) continue;
    const documented = branches(schema)
      .flatMap((b) => b.enum ?? b.items?.enum ?? [])
      .filter((o) => o !== null);
    t.same(documented, options, `${name}: the options of the catalogue`);
  }
});

t.test('cleanProfilePatch accepts what the PATCH schema accepts and refuses what it refuses', async (t) => {
  const today = new Date();
  for (const [name, schema] of Object.entries(patchBody.schema.properties)) {
    const valid = validFor(schema);
    const good = validSamples(schema);
    t.ok(good.length > 1, `${name}: has valid samples`);
    for (const value of good) {
      t.ok(valid(value), `${name}: ${show(value)} is valid for the schema`);
      t.notOk(cleanProfilePatch({ [name]: value }, today).errors[name], `${name}: ${show(value)} is accepted`);
    }
    for (const value of invalidSamples(schema)) {
      t.notOk(valid(value), `${name}: ${show(value)} is invalid for the schema`);
      t.ok(cleanProfilePatch({ [name]: value }, today).errors[name], `${name}: ${show(value)} is refused`);
    }
  }
});

t.test('the documented PATCH example is a clean patch (Swagger UI tries it as it is)', async (t) => {
  t.ok(patchBody.example && Object.keys(patchBody.example).length > 0);
  t.same(cleanProfilePatch(patchBody.example ?? {}, new Date()).errors, {});
});

t.test('the filters body documents every filter, each with the catalogue’s options', async (t) => {
  t.equal(filtersBody.schema['x-validated-by'], 'validateFilters');
  t.same(
    Object.keys(filtersBody.schema.properties),
    FILTER_DEFINITIONS.map((d) => d.key),
  );
  for (const def of FILTER_DEFINITIONS) {
    if (!def.options) continue;
    const schema = filtersBody.schema.properties[def.key];
    const documented = branches(schema)
      .flatMap((b) => b.enum ?? b.items?.enum ?? b.properties?.min?.enum ?? [])
      .filter((o) => o !== null);
    t.same(documented, def.options, `${def.key}: the options of the catalogue`);
  }
});

t.test('validateFilters accepts what the filters schema accepts and refuses what it refuses', async (t) => {
  // State is only meaningful with the United States, which the description says.
  const alongside: Record<string, Record<string, unknown>> = { homeState: { homeCountry: UNITED_STATES } };
  for (const [key, schema] of Object.entries(filtersBody.schema.properties)) {
    const valid = validFor(schema);
    const good = validSamples(schema);
    t.ok(good.length > 1, `${key}: has valid samples`);
    for (const value of good) {
      t.ok(valid(value), `${key}: ${show(value)} is valid for the schema`);
      t.notOk(validateFilters({ ...alongside[key], [key]: value }).errors[key], `${key}: ${show(value)} is accepted`);
    }
    for (const value of invalidSamples(schema)) {
      t.notOk(valid(value), `${key}: ${show(value)} is invalid for the schema`);
      t.ok(validateFilters({ ...alongside[key], [key]: value }).errors[key], `${key}: ${show(value)} is refused`);
    }
  }
});

t.test('the documented filters example is valid as it is', async (t) => {
  t.ok(filtersBody.example && Object.keys(filtersBody.example).length > 0);
  t.same(validateFilters(filtersBody.example).errors, {});
});

t.test('profiles are answered with the catalogue’s options too', async (t) => {
  const own = document.paths['/api/v1/my_profile/'].get.responses['200'].content?.['application/json'].schema;
  for (const field of EDITABLE_PROFILE_FIELDS) {
    if (!field.options) continue;
    const schema = own?.properties[field.name] as Schema;
    const documented = (schema.enum ?? schema.items?.enum ?? []).filter((o) => o !== null);
    t.same(documented, field.options, field.name);
  }
});
