/**
 * Cleaning of a profile PATCH body into the values to store, and profile completeness. Pure:
 * the caller passes `today`, so tests and the server agree on dates without mocking clocks.
 *
 * A body is JSON, so its values are typed strictly, exactly as openapi.yaml documents them
 * (modules/common/catalogue.schemas.ts): a number is a JSON number, a Yes/No a JSON boolean, a
 * choice exactly one of the options. Text that merely looks like a number or a boolean is
 * refused rather than guessed at. null or blank text clears any field but the username.
 *
 * What is NOT checked here, because it needs data: username uniqueness, the 5-accounts-per-phone
 * limit, and whether home_country/home_state/home_city exist in the location dataset.
 */

import { type FieldErrors, noFieldErrors, usernameErrors } from './auth.ts';
import {
  ALIAS_FIELDS,
  PROFILE_FIELD_BY_NAME,
  PROFILE_FIELDS,
  type ProfileFieldDescriptor,
  READ_ONLY_PROFILE_FIELDS,
} from './profile-fields.ts';
import { normalizePhone } from './phone.ts';

export const MIN_AGE = 18;
export const MAX_AGE = 100;
export const PHONE_MIN_LENGTH = 7;
export const PHONE_MAX_LENGTH = 20;
/** Longest free text a field takes when the catalogue names no limit of its own. */
export const TEXT_MAX_LENGTH = 1000;

export const PROFILE_MESSAGES = {
  unknownField: 'Unknown field',
  readOnly: 'This field cannot be changed',
  ageRange: 'You must be between 18 and 100 years old to use Betroth',
  dateFormat: 'Enter the date as YYYY-MM-DD',
  notText: 'Must be text',
  notNumber: 'Must be a number',
  notWholeNumber: 'Must be a whole number',
  notBoolean: 'Must be Yes or No',
  notList: 'Must be a list of choices',
  phone: 'Enter the phone number with its country code, using digits, spaces or dashes (7 to 20 characters)',
  between: (min: number, max: number) => `Must be between ${min} and ${max}`,
  tooLong: (max: number) => `Must be at most ${max} characters`,
  notAnOption: (value: unknown) => `'${String(value)}' is not one of the choices`,
  noneAlone: (none: string) => `'${none}' cannot be combined with other choices`,
} as const;

export interface CleanedPatch {
  values: Record<string, unknown>;
  errors: FieldErrors;
}

type Cleaned = { value: unknown } | { errors: string[] };

const ALIASES: ReadonlySet<string> = new Set(ALIAS_FIELDS);
const READ_ONLY: ReadonlySet<string> = new Set(READ_ONLY_PROFILE_FIELDS);
const PHONE_PATTERN = /^\+?[0-9][0-9 -]*$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const fail = (...errors: string[]): Cleaned => ({ errors });
const ok = (value: unknown): Cleaned => ({ value });

/**
 * Turn a PATCH body into stored values. Every key ends up either in `values` (cleaned, possibly
 * null meaning "clear it") or in `errors`; aliases are dropped without a trace.
 */
export function cleanProfilePatch(input: Record<string, unknown>, today: Date): CleanedPatch {
  const values: Record<string, unknown> = {};
  const errors = noFieldErrors();
  for (const [name, raw] of Object.entries(input)) {
    if (ALIASES.has(name)) continue;
    if (READ_ONLY.has(name)) {
      errors[name] = [PROFILE_MESSAGES.readOnly];
      continue;
    }
    const descriptor = PROFILE_FIELD_BY_NAME.get(name);
    if (!descriptor?.editable) {
      errors[name] = [PROFILE_MESSAGES.unknownField];
      continue;
    }
    const cleaned = cleanValue(descriptor, raw, today);
    if ('errors' in cleaned) errors[name] = cleaned.errors;
    else values[name] = cleaned.value;
  }
  return { values, errors };
}

function isBlank(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
}

function cleanValue(field: ProfileFieldDescriptor, raw: unknown, today: Date): Cleaned {
  // The username is never blank: it is how members sign in.
  if (field.name === 'username') return cleanUsername(raw);
  if (isBlank(raw)) return ok(null);
  switch (field.kind) {
    case 'text':
      return field.name === 'phone' ? cleanPhone(raw) : cleanText(raw, field.maxLength);
    case 'date':
      return cleanDateOfBirth(raw, today);
    case 'integer':
    case 'number':
      return cleanNumber(field, raw);
    case 'boolean':
      return cleanBoolean(raw);
    case 'select':
      return cleanSelect(field, raw);
    case 'multiselect':
      return cleanMultiSelect(field, raw);
  }
}

function cleanUsername(raw: unknown): Cleaned {
  const username = typeof raw === 'string' ? raw.trim() : raw == null ? '' : null;
  if (username === null) return fail(PROFILE_MESSAGES.notText);
  const messages = usernameErrors(username);
  return messages.length > 0 ? fail(...messages) : ok(username);
}

function cleanText(raw: unknown, maxLength = TEXT_MAX_LENGTH): Cleaned {
  if (typeof raw !== 'string') return fail(PROFILE_MESSAGES.notText);
  const text = raw.trim();
  return text.length > maxLength ? fail(PROFILE_MESSAGES.tooLong(maxLength)) : ok(text);
}

/**
 * The profile form is stricter than sign-in (digits, an optional leading +, spaces and dashes,
 * 7 to 20 characters), then defers to phone.ts so the stored '+digits' value is exactly the key
 * sign-in by phone looks up (which also caps it at 15 digits, the E.164 maximum).
 */
export function normaliseProfilePhone(raw: string): string | null {
  const phone = raw.trim();
  if (phone.length < PHONE_MIN_LENGTH || phone.length > PHONE_MAX_LENGTH) return null;
  return PHONE_PATTERN.test(phone) ? normalizePhone(phone) : null;
}

function cleanPhone(raw: unknown): Cleaned {
  if (typeof raw !== 'string') return fail(PROFILE_MESSAGES.phone);
  const phone = normaliseProfilePhone(raw);
  return phone === null ? fail(PROFILE_MESSAGES.phone) : ok(phone);
}

/** Parse 'YYYY-MM-DD' into a calendar date, rejecting impossible days such as 2001-02-30. */
export function parseIsoDate(text: string): { year: number; month: number; day: number } | null {
  const match = DATE_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? { year, month, day } : null;
}

/**
 * Whole years between a date of birth and `today` (UTC calendar date): the age shown when no
 * age is stored. NaN when `dob` is not a valid ISO date.
 */
export function ageFromDateOfBirth(dob: string, today: Date): number {
  const birth = parseIsoDate(dob.slice(0, 10));
  if (!birth) return Number.NaN;
  const month = today.getUTCMonth() + 1;
  const day = today.getUTCDate();
  const hadBirthday = month > birth.month || (month === birth.month && day >= birth.day);
  return today.getUTCFullYear() - birth.year - (hadBirthday ? 0 : 1);
}

function cleanDateOfBirth(raw: unknown, today: Date): Cleaned {
  if (typeof raw !== 'string' || !parseIsoDate(raw.trim())) return fail(PROFILE_MESSAGES.dateFormat);
  const dob = raw.trim();
  const age = ageFromDateOfBirth(dob, today);
  return age < MIN_AGE || age > MAX_AGE ? fail(PROFILE_MESSAGES.ageRange) : ok(dob);
}

/**
 * A finite number from a number or a numeric string ('1500', ' 2.5 '); null otherwise. For
 * values that arrive as text by nature (query strings); JSON bodies carry real numbers.
 */
export function toNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string' || !/^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/.test(raw)) return null;
  return Number(raw);
}

function cleanNumber(field: ProfileFieldDescriptor, raw: unknown): Cleaned {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return fail(PROFILE_MESSAGES.notNumber);
  const n = raw;
  if (field.kind === 'integer' && !Number.isInteger(n)) return fail(PROFILE_MESSAGES.notWholeNumber);
  const min = field.min ?? Number.NEGATIVE_INFINITY;
  const max = field.max ?? Number.POSITIVE_INFINITY;
  if (n < min || n > max) return fail(PROFILE_MESSAGES.between(min, max));
  // Dollar amounts are kept to the cent; the detail screen shows two decimals.
  return ok(field.unit === 'USD' ? Math.round(n * 100) / 100 : n);
}

function cleanBoolean(raw: unknown): Cleaned {
  return typeof raw === 'boolean' ? ok(raw) : fail(PROFILE_MESSAGES.notBoolean);
}

/** The option identical to `raw`: a numeric option (face rating) only matches a number. */
function matchOption(field: ProfileFieldDescriptor, raw: unknown): string | number | undefined {
  return (field.options ?? []).find((o) => o === raw);
}

function cleanSelect(field: ProfileFieldDescriptor, raw: unknown): Cleaned {
  const value = matchOption(field, raw);
  return value === undefined ? fail(PROFILE_MESSAGES.notAnOption(raw)) : ok(value);
}

/** A list, or a comma-separated string; items trimmed, empties dropped. For reading stored values. */
export function splitMultiSelect(raw: unknown): unknown[] | null {
  if (Array.isArray(raw)) return raw.filter((item) => !isBlank(item));
  if (typeof raw === 'string')
    return raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  return null;
}

/**
 * A list must hold the options themselves; one string is split on commas and its items trimmed
 * (no option contains a comma, which options.test.ts guards).
 */
function cleanMultiSelect(field: ProfileFieldDescriptor, raw: unknown): Cleaned {
  const items = Array.isArray(raw) ? raw : splitMultiSelect(raw);
  if (items === null) return fail(PROFILE_MESSAGES.notList);
  const chosen: string[] = [];
  const errors: string[] = [];
  for (const item of items) {
    const value = matchOption(field, item);
    if (value === undefined) errors.push(PROFILE_MESSAGES.notAnOption(item));
    else if (!chosen.includes(String(value))) chosen.push(String(value));
  }
  if (field.noneOption && chosen.includes(field.noneOption) && chosen.length > 1) {
    errors.push(PROFILE_MESSAGES.noneAlone(field.noneOption));
  }
  if (errors.length > 0) return fail(...errors);
  // An empty list means nothing chosen, the same as a cleared field.
  return ok(chosen.length > 0 ? chosen : null);
}

export interface Completeness {
  /** Whole percent of required fields filled, 0..100; 100 only when complete. */
  completion_percentage: number;
  is_complete: boolean;
  /** Required field names still empty, in edit-screen order. */
  missing_fields: string[];
}

function isFilled(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return !isBlank(value);
}

/** The required fields that apply to this profile (home_state only in the United States). */
export function requiredFieldsFor(profile: Record<string, unknown>): string[] {
  return PROFILE_FIELDS.filter(
    (f) => f.requiredForCompleteness && (!f.requiredWhen || profile[f.requiredWhen.field] === f.requiredWhen.equals),
  ).map((f) => f.name);
}

export function computeCompleteness(profile: Record<string, unknown>): Completeness {
  const required = requiredFieldsFor(profile);
  const missing_fields = required.filter((name) => !isFilled(profile[name]));
  const filled = required.length - missing_fields.length;
  return {
    // Floor, so a profile never reads 100% while something is still missing.
    completion_percentage: required.length === 0 ? 100 : Math.floor((filled * 100) / required.length),
    is_complete: missing_fields.length === 0,
    missing_fields,
  };
}
