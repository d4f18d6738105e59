/**
 * Secondary indexes built after a bulk load instead of maintained row by row during it: one
 * sorted build is several times cheaper than a million random inserts into each btree and GiST.
 * Unique and constraint indexes stay, so the load still refuses duplicates.
 */
import type postgres from 'postgres';

/** Memory for each index build (a sort that fits is one pass); set on the building connection only. */
const BUILD_MEMORY = '1GB';

/** Runs `load` with the plain secondary indexes of `tables` dropped, then builds them again. */
export async function withIndexesDeferred<T>(
  sql: postgres.Sql,
  tables: readonly string[],
  load: () => Promise<T>,
  log?: (line: string) => void,
): Promise<T> {
  const indexes = await sql<Array<{ name: string; definition: string }>>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class t on t.oid = i.indrelid
    where t.relname = any(${tables as string[]}) and not i.indisunique and not i.indisprimary
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`;
  for (const index of indexes) await sql.unsafe(`drop index ${index.name}`);
  const result = await load();
  const builder = await sql.reserve();
  try {
    await builder.unsafe(`set maintenance_work_mem = '${BUILD_MEMORY}'`);
    for (const index of indexes) {
      const started = Date.now();
      await builder.unsafe(index.definition);
      log?.(`  index ${index.name} built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    builder.release();
  }
  return result;
}
