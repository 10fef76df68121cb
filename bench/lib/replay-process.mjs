// The reference side of a bench, in its own process: replays captured statements straight to
// PostgreSQL with node-postgres, each as a named (prepared once per connection) statement with its
// parameters as text, as the server's driver sends them. Driven over IPC by the bench:
//   {connect: url, connections}                      → {ok}
//   {run: [[statement…]…], inFlight}                 → {times: [ms…]}: each inner list is one unit
//      (a transaction), run on one connection in order; up to `inFlight` units at once
// A statement is {text, params}; the texts are prepared under names of their own ("ref_<n>").
import pg from 'pg'
import { statementSender } from './send-statement.mjs'

let pool
const send = statementSender('ref')

async function runUnit(unit) {
  const client = await pool.connect()
  try {
    const started = performance.now()
    for (const statement of unit) await send(client, statement)
    return performance.now() - started
  } finally {
    client.release()
  }
}

process.on('message', async (message) => {
  try {
    if (message.connect) {
      pool = new pg.Pool({ connectionString: message.connect, max: message.connections ?? 1 })
      const clients = await Promise.all(
        Array.from({ length: message.connections ?? 1 }, () => pool.connect()),
      )
      for (const client of clients) client.release()
      process.send({ ok: true })
    } else if (message.run) {
      const times = []
      const units = message.run
      let next = 0
      const worker = async () => {
        while (next < units.length) times.push(await runUnit(units[next++]))
      }
      await Promise.all(Array.from({ length: message.inFlight ?? 1 }, worker))
      process.send({ times })
    } else if (message.close) {
      await pool?.end()
      process.exit(0)
    }
  } catch (error) {
    process.send({ error: String(error?.stack ?? error) })
  }
})
