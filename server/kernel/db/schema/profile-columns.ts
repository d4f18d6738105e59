/**
 * The profiles table addressed by SQL column name, which is also the field name of the
 * catalogue and of the API ('date_of_birth'), so no field is ever renamed by hand. One map for
 * every reader (profile view, discovery) and writer (profile save, seeding).
 */
import { getTableColumns } from 'drizzle-orm';
import { profiles } from './profiles.ts';

export type ProfileColumn = (typeof profiles._.columns)[keyof typeof profiles._.columns];

const TABLE_COLUMNS = getTableColumns(profiles);

/** 'date_of_birth' -> profiles.dateOfBirth. */
export const PROFILE_COLUMN_BY_NAME: ReadonlyMap<string, ProfileColumn> = new Map(
  Object.values(TABLE_COLUMNS).map((column) => [column.name, column as ProfileColumn]),
);

/** 'date_of_birth' -> 'dateOfBirth', the key drizzle's `.set()` and `.values()` take. */
export const PROFILE_KEY_BY_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries(TABLE_COLUMNS).map(([key, column]) => [column.name, key]),
);

/** Columns the API never shows (is_complete is answered by the completeness route). */
export const INTERNAL_PROFILE_COLUMNS: ReadonlySet<string> = new Set([
  'created_at',
  'updated_at',
  'is_complete',
  'location_x',
  'location_y',
  'location_z',
  ...[...PROFILE_COLUMN_BY_NAME.keys()].filter((name) => name.startsWith('filter_bits_')),
]);

/** Every column the API may show, by name. */
export const PROFILE_COLUMN_NAMES: readonly string[] = [...PROFILE_COLUMN_BY_NAME.keys()].filter(
  (name) => !INTERNAL_PROFILE_COLUMNS.has(name),
);

/** A drizzle selection of the given columns, keyed by their names. */
export function profileColumnsNamed(names: readonly string[]): Record<string, ProfileColumn> {
  return Object.fromEntries(names.map((name) => [name, PROFILE_COLUMN_BY_NAME.get(name) as ProfileColumn]));
}
