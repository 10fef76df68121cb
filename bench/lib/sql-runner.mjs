// The SQL side of an honest bench, in a process of its own: one pg connection sending each case's
// captured statements exactly as the server sent them (named ones prepared once, unnamed ones parsed
// each time), timed here, one run per request from the bench.
import pg from 'pg'

let client
let cases

process.on('message', async (message) => {
  try {
    if (message.databaseUrl) {
      client = new pg.Client({ connectionString: message.databaseUrl })
      await client.connect()
      cases = message.cases
      process.send({ ok: true })
      return
    }
    const started = performance.now()
    for (const statement of cases[message.run].statements) await client.query(statement)
    process.send({ ms: performance.now() - started })
  } catch (error) {
    process.send({ error: String(error?.message ?? error) })
  }
})
process.on('SIGTERM', async () => {
  await client?.end().catch(() => undefined)
  process.exit(0)
})
