/**
 * The JSON schemas of every catalogued value, built from the catalogue itself: the profile
 * fields (contract/profile-fields.ts) and the saved filters (contract/filters.ts). Routes,
 * openapi.yaml and the schema-and-cleaner agreement test all read these, so a new field or
 * filter, a new option or a changed bound shows up everywhere at once.
 *
 * Two uses of the same value:
 * - 'stored': how a saved value is answered. A missing value is null. Nullability is written as
 *   a type list (`type: ['string', 'null']`) rather than anyOf, because the response serializer
 *   then picks the branch by the value's type alone; an anyOf would make it run a validator per
 *   value, and a stored value outside a list (an option later renamed) would turn a whole page
 *   into a server error instead of being answered as it is.
 * - 'input': what a request body may send. null or a blank string clears; a multi-select may also
 *   arrive as one comma-separated string. These bodies are checked by the service cleaners
 *   (cleanProfilePatch, validateFilters), which accept exactly what is written here, with the
 *   catalogue's own message per field when they refuse.
 */
import { type TSchema, Type } from 'typebox';
import { USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '../../contract/auth.ts';
import type { FilterDefinition } from '../../contract/filters.ts';
import type { OptionList } from '../../contract/options.ts';
import type { ProfileFieldDescriptor } from '../../contract/profile-fields.ts';
import { PHONE_MAX_LENGTH, PHONE_MIN_LENGTH, TEXT_MAX_LENGTH } from '../../contract/profile-validation.ts';

export type ValueUse = 'stored' | 'input';

type Json = Record<string, unknown>;

/** Blank text clears a value, the same as null. */
const BLANK: Json = { type: 'string', pattern: '^\\s*$', description: 'Blank: clears the value' };

/** Ids in paths and bodies: positive, and exact in a JavaScript number. */
export function idSchema(of: 'profile' | 'user' | 'match' | 'report' | 'statement', description: string) {
  return Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, 'x-id-of': of, description });
}

function omitUndefined(json: Json): Json {
  return Object.fromEntries(Object.entries(json).filter(([, value]) => value !== undefined));
}

/** One of the options: integers when every option is a number (the face rating), else strings. */
export function optionSchema(options: OptionList): Json {
  const numeric = options.every((o) => typeof o === 'number');
  return { type: numeric ? 'integer' : 'string', enum: [...options] };
}

/** The same schema that also accepts null (an enum lists null too, as OpenAPI 3.0 requires). */
function orNull(json: Json): Json {
  const nullable: Json = { ...json, type: [json.type, 'null'] };
  if (Array.isArray(json.enum)) nullable.enum = [...json.enum, null];
  return nullable;
}

/** The value of a profile field, never null (nullability is added per use). */
function profileValue(field: ProfileFieldDescriptor, use: ValueUse): Json {
  switch (field.kind) {
    case 'integer':
    case 'number':
      return omitUndefined({
        type: field.kind,
        minimum: field.min,
        maximum: field.max,
        example: field.min,
      });
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date', example: '1990-05-17' };
    case 'select':
      return optionSchema(field.options ?? []);
    case 'multiselect':
      return { type: 'array', items: optionSchema(field.options ?? []) };
    case 'text':
      if (field.name === 'username') {
        return { type: 'string', minLength: USERNAME_MIN, maxLength: USERNAME_MAX, pattern: USERNAME_PATTERN.source, example: 'jane_doe' };
      }
      if (field.name === 'phone' && use === 'input') {
        return {
          type: 'string',
          minLength: PHONE_MIN_LENGTH,
          maxLength: PHONE_MAX_LENGTH,
          pattern: '^\\+?[0-9][0-9 -]*$',
          example: '+1 555 123 4567',
        };
      }
      // Stored text the member did not type (photo URLs, the normalised phone) has no limit to state.
      return omitUndefined({ type: 'string', maxLength: use === 'input' ? (field.maxLength ?? TEXT_MAX_LENGTH) : field.maxLength });
  }
}

function describe(field: ProfileFieldDescriptor, use: ValueUse): string {
  const parts = [field.unit ? `${field.label} (${field.unit})` : field.label];
  if (use === 'input') {
    if (field.kind === 'multiselect') {
      parts.push(
        'a list of choices, or one string of choices separated by commas' +
          (field.noneOption ? `; '${field.noneOption}' stands alone` : ''),
      );
    }
    if (field.kind === 'date') parts.push('the member must be 18 to 100 years old');
    if (field.name === 'phone') parts.push('with its country code, at most 15 digits');
    if (field.name === 'minimum_betrothal_gift_price') parts.push('kept to the cent');
    if (field.name !== 'username') parts.push('null or blank clears it');
  }
  return parts.join('; ');
}

/** The schema of one profile field as answered ('stored') or as a PATCH body sends it ('input'). */
export function profileFieldSchema(field: ProfileFieldDescriptor, use: ValueUse): TSchema {
  const value = profileValue(field, use);
  const description = describe(field, use);
  // The username is how members sign in: it is never empty.
  if (field.name === 'username') return Type.Unsafe<string>({ ...value, description });
  if (use === 'stored') return Type.Unsafe<unknown>({ ...orNull(value), description });
  if (field.kind === 'multiselect') {
    return Type.Unsafe<unknown>({ anyOf: [orNull(value), { type: 'string', description: 'Choices separated by commas' }], description });
  }
  // Plain text already includes blank text.
  if (value.type === 'string' && !value.pattern && !value.format) return Type.Unsafe<unknown>({ ...orNull(value), description });
  return Type.Unsafe<unknown>({ anyOf: [orNull(value), BLANK], description });
}

/** Properties for these fields, in catalogue order. */
export function profileFieldProperties(fields: readonly ProfileFieldDescriptor[], use: ValueUse): Record<string, TSchema> {
  return Object.fromEntries(fields.map((field) => [field.name, profileFieldSchema(field, use)]));
}

/** A filter's value, never null. */
function filterValue(def: FilterDefinition): Json {
  const number = def.whole ? 'integer' : 'number';
  switch (def.kind) {
    case 'upTo':
      return omitUndefined({
        type: number,
        minimum: def.min,
        maximum: def.max,
        multipleOf: def.step && def.step > 1 ? def.step : undefined,
      });
    case 'text':
      return { type: 'string', maxLength: def.maxLength };
    case 'range': {
      const end = def.options ? optionSchema(def.options) : omitUndefined({ type: number, minimum: def.min, maximum: def.max });
      return { type: 'object', required: ['min', 'max'], properties: { min: end, max: end } };
    }
    case 'option':
      return optionSchema(def.options ?? []);
    case 'list':
      return { type: 'array', items: optionSchema(def.options ?? []) };
  }
}

function describeFilter(def: FilterDefinition, use: ValueUse): string {
  const parts = [`Matches ${def.field}`];
  if (def.unit) parts.push(`in ${def.unit}`);
  if (def.off !== undefined) parts.push(`${def.off} means off`);
  if (def.kind === 'range') parts.push('min at most max');
  if (def.kind === 'list') parts.push('any of the choices');
  if (def.key === 'homeState') parts.push(`only with homeCountry 'United States'`);
  if (use === 'input') parts.push(def.kind === 'list' ? 'null, blank or an empty list turns it off' : 'null or blank turns it off');
  return parts.join('; ');
}

/** The schema of one saved filter as answered ('stored') or as the filters body sends it ('input'). */
export function filterSchema(def: FilterDefinition, use: ValueUse): TSchema {
  const value = filterValue(def);
  const description = describeFilter(def, use);
  if (use === 'stored') return Type.Unsafe<unknown>({ ...value, description });
  if (def.kind === 'text') return Type.Unsafe<unknown>({ ...orNull(value), description });
  return Type.Unsafe<unknown>({ anyOf: [orNull(value), BLANK], description });
}
