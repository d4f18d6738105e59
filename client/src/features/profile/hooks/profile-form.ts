/**
 * Pure mapping between the stored profile and the edit form, driven by the field catalogue
 * (server/contract/profile-fields.ts). The form holds strings (and string lists for
 * multi-selects) so every input is controlled the same way; formToPatch turns it into the
 * cleaned form the server accepts (snake_case, empty -> null, lists, whole cm and kg, numbers).
 */
import type { FieldErrors } from '@contract/auth.ts';
import { EDITABLE_PROFILE_FIELDS, type ProfileFieldDescriptor, UNITED_STATES } from '@contract/profile-fields.ts';
import { cleanProfilePatch, splitMultiSelect } from '@contract/profile-validation.ts';

export type FormValue = string | string[];
export type ProfileFormValues = Record<string, FormValue>;

const isNumericSelect = (field: ProfileFieldDescriptor) =>
  field.kind === 'select' && (field.options ?? []).every((o) => typeof o === 'number');

function toFormValue(field: ProfileFieldDescriptor, raw: unknown): FormValue {
  if (field.kind === 'multiselect') {
    return (splitMultiSelect(raw ?? []) ?? []).map(String);
  }
  if (raw === null || raw === undefined) return '';
  if (field.kind === 'boolean') return raw === true || raw === 'true' ? 'true' : raw === false || raw === 'false' ? 'false' : '';
  if (field.kind === 'date') return String(raw).slice(0, 10);
  return String(raw);
}

/** The form's starting values for a stored profile: every editable catalogue field. */
export function profileToForm(profile: Record<string, unknown>): ProfileFormValues {
  const values: ProfileFormValues = {};
  for (const field of EDITABLE_PROFILE_FIELDS) values[field.name] = toFormValue(field, profile[field.name]);
  return values;
}

/** A number when the text is one, else the text itself (so validation can name the problem). */
function parseNumber(text: string, whole: boolean): number | string {
  const n = Number(text);
  if (!Number.isFinite(n)) return text;
  return whole ? Math.round(n) : n;
}

function toPatchValue(field: ProfileFieldDescriptor, value: FormValue | undefined): unknown {
  if (field.kind === 'multiselect') {
    const list = Array.isArray(value) ? value : (splitMultiSelect(value ?? '') ?? []);
    return list.length > 0 ? list : null;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return null;
  switch (field.kind) {
    case 'boolean':
      return text === 'true';
    case 'integer':
      return parseNumber(text, true);
    case 'number':
      return parseNumber(text, false);
    case 'select':
      return isNumericSelect(field) ? parseNumber(text, false) : text;
    default:
      return text;
  }
}

/** The cleaned form sent to PATCH /api/v1/profile_update/. A state is sent only for the United States. */
export function formToPatch(values: ProfileFormValues): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const field of EDITABLE_PROFILE_FIELDS) patch[field.name] = toPatchValue(field, values[field.name]);
  if (patch.home_country !== UNITED_STATES) patch.home_state = null;
  return patch;
}

/**
 * The same checks the server runs first (cleanProfilePatch), so the form shows the shared
 * messages before sending. Checks needing data (username taken, location exists, phone limit)
 * stay on the server and come back as the 400 errors map.
 */
export function validateProfileForm(values: ProfileFormValues, today: Date): FieldErrors {
  return cleanProfilePatch(formToPatch(values), today).errors;
}

/** Missing-field names as the banner lists them: underscores as spaces. */
export const displayFieldName = (name: string): string => name.replaceAll('_', ' ');
