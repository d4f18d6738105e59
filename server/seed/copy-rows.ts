/**
 * Bulk loading with COPY ... FROM STDIN (text format): a million rows go in about ten times
 * faster than as multi-row INSERTs, because nothing is parsed as SQL or bound as a parameter.
 * Used by the benchmark's population seed only; request code never writes this way.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type postgres from 'postgres';

/** Rows per chunk written to the COPY stream: large enough that stream overhead disappears. */
const CHUNK_ROWS = 2_000;

/** COPY text escapes: backslash, and the tab and line breaks that separate fields and rows. */
function escapeText(text: string): string {
  return text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** An array literal: every element quoted, so commas, braces and spaces inside need no thought. */
function arrayLiteral(values: readonly unknown[]): string {
  return `{${values.map((v) => (v === null || v === undefined ? 'NULL' : `"${String(v).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
}

/** One field in COPY text format; null (and a missing value) is `\N`. */
export function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return escapeText(arrayLiteral(value));
  return escapeText(String(value));
}

/** Streams `rows` (each in `columns` order) into `table` with one COPY; answers the row count. */
export async function copyRows(
  sql: postgres.Sql | postgres.ReservedSql,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly unknown[]>,
): Promise<number> {
  let count = 0;
  function* chunks() {
    let chunk: string[] = [];
    for (const row of rows) {
      chunk.push(row.map(copyField).join('\t'));
      count++;
      if (chunk.length >= CHUNK_ROWS) {
        yield `${chunk.join('\n')}\n`;
        chunk = [];
      }
    }
    if (chunk.length > 0) yield `${chunk.join('\n')}\n`;
  }
  const target = await sql`copy ${sql(table)} (${sql(columns as string[])}) from stdin`.writable();
  await pipeline(Readable.from(chunks()), target);
  return count;
}

/**
 * Reserves `count` consecutive values of a table's identity sequence and answers the first, so
 * rows can be copied with their ids known in advance (a profile's user_id, a like's profile ids).
 * COPY writes explicit values into GENERATED ALWAYS identity columns; the sequence then skips them.
 */
export async function reserveIds(sql: postgres.Sql | postgres.ReservedSql, table: string, column: string, count: number): Promise<number> {
  const [{ first }] = await sql<Array<{ first: string }>>`
    select nextval(pg_get_serial_sequence(${table}, ${column}))::text as first`;
  await sql`select setval(pg_get_serial_sequence(${table}, ${column}), ${Number(first) + count - 1})`;
  return Number(first);
}

/**
 * Runs `load` on one connection that skips foreign-key checks (session_replication_role =
 * replica: the checks are triggers, and the tables have no others). For loads whose every
 * reference points at a row the same load wrote, so a million lookups prove nothing.
 */
export async function withUncheckedLoader<T>(sql: postgres.Sql, load: (loader: postgres.ReservedSql) => Promise<T>): Promise<T> {
  const loader = await sql.reserve();
  try {
    await loader`set session_replication_role = replica`;
    return await load(loader);
  } finally {
    await loader`set session_replication_role = origin`;
    loader.release();
  }
}
