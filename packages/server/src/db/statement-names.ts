import type pg from 'pg'

/** Pools whose statements go unnamed: behind a transaction pooler that does not keep prepared ones. */
const unnamed = new WeakSet<pg.Pool>()

/** From now on `pool` sends every statement unnamed (parsed each time). */
export function sendUnnamedStatements(pool: pg.Pool): void {
  unnamed.add(pool)
}

/** The name a statement is prepared under on `pool`, or undefined where statements go unnamed. */
export function statementNameOn(pool: pg.Pool, name: string | undefined): string | undefined {
  return unnamed.has(pool) ? undefined : name
}
