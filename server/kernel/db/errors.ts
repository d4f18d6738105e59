/** Recognising Postgres errors that carry meaning for the caller. */

/** SQLSTATE 23505: a unique index refused the row (someone took the name first). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}
