import pg from 'pg'

/** PostgreSQL's "database is being accessed by other users". */
const OBJECT_IN_USE = '55006'

/** Runs a statement that may meet "being accessed by other users" while another connection closes. */
async function retryInUse(client: pg.Client, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(statement)
      return
    } catch (error) {
      const inUse = (error as { code?: string }).code === OBJECT_IN_USE
      if (!inUse || attempt === 100) throw error
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/**
 * A new, empty database on the PostgreSQL server of `serverUrl`; with a template, a copy of it (a
 * file copy: a migrated and seeded database in a fraction of a second). Answers its URL.
 */
export async function createServerDatabase(
  serverUrl: string,
  name: string,
  template?: string,
): Promise<string> {
  await onServer(serverUrl, (client) =>
    retryInUse(client, `create database ${name}${template ? ` template ${template}` : ''}`),
  )
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Drops a database once the connections to it have closed. */
export async function dropServerDatabase(serverUrl: string, name: string): Promise<void> {
  // Not `with (force)`: killing a connection the pool is still closing makes its client emit an
  // unhandled error. The pool's last sockets close within moments; wait for them instead.
  await onServer(serverUrl, (client) => retryInUse(client, `drop database if exists ${name}`))
}
