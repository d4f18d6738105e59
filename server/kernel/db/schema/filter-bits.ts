/**
 * Discovery's list filters as bits. Every option of every multi-select filter list and of
 * native language gets one bit in one of a few bigint words, which Postgres
 * computes itself (generated columns profiles.filter_bits_1..N) from the profile's values. A list
 * filter is then one integer test on a column of the discovery index, `(word & mask) <> 0`,
 * instead of a text comparison on the wide table row.
 *
 * The layout follows the catalogue's option order; changing an option list changes the generated
 * expressions, so drizzle-kit generates a migration that recomputes the columns.
 */
import { type SQL, sql } from 'drizzle-orm';
import { FILTER_DEFINITIONS } from '../../../contract/filters.ts';
import { PROFILE_FIELD_BY_NAME } from '../../../contract/profile-fields.ts';

/** Bits 0..62 of a signed bigint. */
const BITS_PER_WORD = 63;

export interface FieldBits {
  /** Filter key, e.g. 'religion'. */
  key: string;
  /** Profile column, e.g. 'religion'. */
  field: string;
  kind: 'select' | 'multiselect' | 'boolean';
  /** Filter values in bit order ('Yes'/'No' for booleans). */
  options: readonly string[];
  /** 1-based word (column filter_bits_<word>). */
  word: number;
  shift: number;
}

function layout(): FieldBits[] {
  const fields: FieldBits[] = [];
  let word = 1;
  let shift = 0;
  for (const def of FILTER_DEFINITIONS) {
    if (def.kind !== 'list' && def.key !== 'nativeLanguage') continue;
    const kind = PROFILE_FIELD_BY_NAME.get(def.field)?.kind;
    if (kind !== 'select' && kind !== 'multiselect' && kind !== 'boolean') {
      throw new Error(`filter ${def.key} cannot be stored as bits (field kind ${kind})`);
    }
    const options = (def.options ?? []).map(String);
    if (shift + options.length > BITS_PER_WORD) {
      word += 1;
      shift = 0;
    }
    fields.push({ key: def.key, field: def.field, kind, options, word, shift });
    shift += options.length;
  }
  return fields;
}

export const FILTER_BIT_FIELDS: readonly FieldBits[] = layout();
export const FILTER_BIT_WORDS = FILTER_BIT_FIELDS[FILTER_BIT_FIELDS.length - 1].word;
export const FILTER_BITS_BY_KEY: ReadonlyMap<string, FieldBits> = new Map(FILTER_BIT_FIELDS.map((f) => [f.key, f]));

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const bit = (shift: number) => `${(1n << BigInt(shift)).toString()}::bigint`;

function fieldTerm(f: FieldBits): string {
  const column = `"${f.field}"`;
  switch (f.kind) {
    case 'boolean':
      return `(case ${column} when true then ${bit(f.shift)} when false then ${bit(f.shift + 1)} else 0::bigint end)`;
    case 'select':
      return `(case ${column} ${f.options.map((o, i) => `when ${literal(o)} then ${bit(f.shift + i)}`).join(' ')} else 0::bigint end)`;
    case 'multiselect':
      return f.options
        .map((o, i) => `(case when ${column} @> array[${literal(o)}]::text[] then ${bit(f.shift + i)} else 0::bigint end)`)
        .join(' + ');
  }
}

/** The generated-column expression of word `word` (1-based). */
export function filterWordExpression(word: number): SQL {
  const terms = FILTER_BIT_FIELDS.filter((f) => f.word === word).map(fieldTerm);
  return sql.raw(terms.join(' + '));
}

/** The word and mask that select any of `chosen` (filter values) of a filter key. */
export function filterMask(key: string, chosen: readonly string[]): { word: number; mask: bigint } {
  const f = FILTER_BITS_BY_KEY.get(key);
  if (!f) throw new Error(`filter ${key} has no bits`);
  let mask = 0n;
  for (const value of chosen) {
    const index = f.options.indexOf(value);
    if (index < 0) throw new Error(`'${value}' is not an option of ${key}`);
    mask |= 1n << BigInt(f.shift + index);
  }
  return { word: f.word, mask };
}
