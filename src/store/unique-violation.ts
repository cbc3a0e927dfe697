/**
 * Whether an error is a unique-constraint violation, in either engine (pg: SQLSTATE 23505;
 * better-sqlite3: SQLITE_CONSTRAINT_UNIQUE or _PRIMARYKEY). Services check for a clash first and use
 * this only for the race where two requests pass that check at once.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = String(error.code);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
