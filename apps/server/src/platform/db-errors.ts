/**
 * True when a query failed on a unique index (PostgreSQL code 23505), through any wrapper;
 * with `constraint`, only when it was that index.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    if (typeof current === 'object' && current !== null && 'code' in current && current.code === '23505') {
      return constraint === undefined || ('constraint' in current && current.constraint === constraint);
    }
    current =
      typeof current === 'object' && current !== null && 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/** True when a query failed on a foreign key (PostgreSQL code 23503), through any wrapper. */
export function isForeignKeyViolation(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    if (typeof current === 'object' && current !== null && 'code' in current && current.code === '23503')
      return true;
    current =
      typeof current === 'object' && current !== null && 'cause' in current ? current.cause : undefined;
  }
  return false;
}
