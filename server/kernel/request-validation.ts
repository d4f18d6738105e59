/**
 * How request schemas are checked. Two rules the defaults got wrong:
 *
 * - Bodies are typed strictly. JSON already carries types, so `{"liked": "false"}`,
 *   `{"to_profile_id": true}` or `[1]` for an id are refused instead of being coerced into
 *   something the member never meant (Ajv's coercion turned `true` into profile 1).
 * - Path, query and header values are text by nature and are coerced, but a number must be
 *   spelled as a plain decimal: Ajv alone accepts `Infinity`, `1e400`, ` 1` and `1.0` as
 *   integers, and Infinity then failed deep in the database as a 500.
 *
 * A body schema marked `x-validated-by` is checked field by field by the named service
 * cleaner, which answers with the catalogue's own messages; here it only has to be an object.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';

/** Schema keywords of ours: documentation and routing for tests, ignored by validation. */
export const CUSTOM_KEYWORDS = ['x-id-of', 'x-validated-by'] as const;

/** Properties a cleaner-validated body may carry at most (they are all optional fields). */
const MAX_CLEANED_BODY_PROPERTIES = 200;

function makeAjv(coerceTypes: false | 'array'): Ajv {
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: true, strict: false });
  addFormats(ajv);
  for (const keyword of CUSTOM_KEYWORDS) ajv.addKeyword({ keyword });
  return ajv;
}

const INTEGER_TEXT = /^-?(0|[1-9]\d*)$/;
const NUMBER_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?$/;

type JsonSchema = { type?: unknown; properties?: Record<string, JsonSchema>; items?: JsonSchema };

function numericKind(schema: JsonSchema | undefined): 'integer' | 'number' | null {
  const type = schema?.type;
  if (type === 'integer' || (Array.isArray(type) && type.includes('integer'))) return 'integer';
  if (type === 'number' || (Array.isArray(type) && type.includes('number'))) return 'number';
  return null;
}

/** Text that must become a number before Ajv coerces it: plain decimals only, ids safe integers. */
function badNumberText(kind: 'integer' | 'number', text: string): string | null {
  if (kind === 'integer') {
    if (!INTEGER_TEXT.test(text)) return 'must be a whole number written in digits';
    if (!Number.isSafeInteger(Number(text))) return `must be at most ${Number.MAX_SAFE_INTEGER}`;
    return null;
  }
  if (!NUMBER_TEXT.test(text) || !Number.isFinite(Number(text))) return 'must be a number written in digits';
  return null;
}

function textNumberErrors(schema: JsonSchema, data: unknown): ErrorObject[] {
  if (typeof data !== 'object' || data === null || !schema.properties) return [];
  const errors: ErrorObject[] = [];
  for (const [name, property] of Object.entries(schema.properties)) {
    const value = (data as Record<string, unknown>)[name];
    const kind = numericKind(property) ?? numericKind(property.items);
    if (!kind || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item !== 'string') continue;
      const message = badNumberText(kind, item);
      if (message) {
        errors.push({ instancePath: `/${name}`, schemaPath: `#/properties/${name}`, keyword: 'type', params: { type: kind }, message });
        break;
      }
    }
  }
  return errors;
}

/** Ajv's validate, run only after the text of every numeric value passed the plain-decimal test. */
function withNumberText(schema: JsonSchema, validate: ValidateFunction): ValidateFunction {
  const checked = ((data: unknown) => {
    const errors = textNumberErrors(schema, data);
    if (errors.length > 0) {
      checked.errors = errors;
      return false;
    }
    const valid = validate(data);
    checked.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return checked;
}

export function requestValidatorCompiler(): FastifySchemaCompiler<FastifySchema> {
  const strict = makeAjv(false);
  const coercing = makeAjv('array');
  return ({ schema, httpPart }) => {
    const json = schema as JsonSchema & Record<string, unknown>;
    if (httpPart === 'body') {
      if (json['x-validated-by']) {
        return strict.compile({ type: 'object', maxProperties: MAX_CLEANED_BODY_PROPERTIES });
      }
      return strict.compile(json);
    }
    return withNumberText(json, coercing.compile(json));
  };
}
