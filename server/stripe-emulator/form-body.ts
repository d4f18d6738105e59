/**
 * Parses the form-encoded bodies the Stripe SDK sends (`line_items[0][price_data][currency]=usd`,
 * `metadata[user_id]=5`) into nested objects, the way Stripe's API reads them.
 *
 * Everything stays an object keyed by strings, including list indexes: only the caller knows that
 * `line_items` is a list while `metadata[0]` is a metadata key named "0", so lists are read with
 * `asList` where the API expects one.
 *
 * The input is hostile by default: names that reach an object prototype are refused outright,
 * nesting is capped, and a name used both as a value and as a container is an error instead of a
 * silent merge.
 */

export type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** Segments after the top-level name; the deepest the API needs is 5 (a product's metadata key). */
export const MAX_FORM_DEPTH = 8;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const SEGMENT = /^\[([^[\]]*)\]/;
const INDEX = /^(0|[1-9][0-9]{0,5})$/;

/** A body Stripe would refuse; `param` names the offending parameter for the error JSON. */
export class FormBodyError extends Error {
  readonly param: string;
  constructor(message: string, param: string) {
    super(message);
    this.param = param;
  }
}

function splitName(name: string): string[] {
  const open = name.indexOf('[');
  const segments = [open === -1 ? name : name.slice(0, open)];
  if (segments[0] === '') throw new FormBodyError(`Invalid parameter name: ${name}`, name);
  let rest = open === -1 ? '' : name.slice(open);
  while (rest !== '') {
    const match = SEGMENT.exec(rest);
    if (!match) throw new FormBodyError(`Invalid parameter name: ${name}`, name);
    segments.push(match[1]);
    if (segments.length > MAX_FORM_DEPTH + 1) throw new FormBodyError(`The parameter ${name} is nested too deeply.`, name);
    rest = rest.slice(match[0].length);
  }
  for (const segment of segments) {
    if (FORBIDDEN_KEYS.has(segment)) throw new FormBodyError(`The parameter name ${name} uses a reserved key.`, name);
  }
  return segments;
}

function conflict(name: string): FormBodyError {
  return new FormBodyError(`Invalid parameter: ${name} is given both as a value and as a nested object.`, name);
}

function assign(root: FormObject, name: string, value: string): void {
  const segments = splitName(name);
  let container = root;
  for (let i = 0; i < segments.length; i++) {
    // `a[]=x` appends, as qs-style encoders write lists.
    const key = segments[i] === '' && i > 0 ? String(Object.keys(container).length) : segments[i];
    const last = i === segments.length - 1;
    // Own properties only: `toString` must never find Object.prototype's function.
    const existing = Object.hasOwn(container, key) ? container[key] : undefined;
    if (last) {
      if (typeof existing === 'object') throw conflict(name);
      container[key] = value; // the last occurrence wins, as in Stripe's API
      return;
    }
    if (typeof existing === 'string') throw conflict(name);
    if (existing === undefined) container[key] = {};
    container = container[key] as FormObject;
  }
}

/** Parses an `application/x-www-form-urlencoded` body (percent-encoded brackets accepted). */
export function parseFormBody(text: string): FormObject {
  const root: FormObject = {};
  for (const [name, value] of new URLSearchParams(text)) assign(root, name, value);
  return root;
}

/**
 * Reads a list parameter (`line_items[0]`, `line_items[1]`): an object whose keys are exactly
 * 0..n-1. Undefined when absent; a FormBodyError when it is a plain value or has gaps.
 */
export function asList(value: FormValue | undefined, param: string): FormValue[] | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') {
    if (value === '') return [];
    throw new FormBodyError(`Invalid array: ${param} must be a list.`, param);
  }
  const keys = Object.keys(value);
  if (!keys.every((key) => INDEX.test(key))) throw new FormBodyError(`Invalid array: ${param} must be a list.`, param);
  const indexes = keys.map(Number).sort((a, b) => a - b);
  if (indexes.some((index, position) => index !== position)) {
    throw new FormBodyError(`Invalid array: ${param} must be indexed from 0 without gaps.`, param);
  }
  return indexes.map((index) => value[String(index)]);
}
