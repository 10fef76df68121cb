import type pg from 'pg'

/** Pools whose statements go unnamed: behind a transaction pooler that does not keep prepared ones. */
const unnamed = new WeakSet<pg.Pool>()
/** Their connections, which a transaction's statements go through. */
const unnamedClients = new WeakSet<pg.ClientBase>()

/** From now on `pool` sends every statement unnamed (parsed each time). */
export function sendUnnamedStatements(pool: pg.Pool): void {
  unnamed.add(pool)
  pool.on('connect', (client) => unnamedClients.add(client))
}

/** The name a statement is prepared under on `pool`, or undefined where statements go unnamed. */
export function statementNameOn(pool: pg.Pool, name: string | undefined): string | undefined {
  return unnamed.has(pool) ? undefined : name
}

/** The name a statement is prepared under on one of a pool's connections (inside a transaction). */
export function statementNameIn(client: pg.ClientBase, name: string | undefined): string | undefined {
  return unnamedClients.has(client) ? undefined : name
}
