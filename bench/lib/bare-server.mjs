// The bare server of an honest bench, in a process of its own: Fastify with its default request log
// and a pg pool, answering GET /case/:n with the rows of case n's captured statements, sent in order on
// one pooled connection exactly as our server sent them. No sessions, permissions or engine.
// A write's case ({statements: [{text, params}], token}) is asked with PUT /case/:n {"value"}: its
// statements run with every parameter's `token` replaced by the value, sent as the replay process
// sends them (send-statement.mjs).
import Fastify from 'fastify'
import pg from 'pg'
import { statementSender } from './send-statement.mjs'

process.once('message', async ({ databaseUrl, cases, port, poolSize }) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize })
  const app = Fastify({ logger: true })
  app.get('/readyz', async () => ({ ok: true }))
  app.get('/case/:n', async (request, reply) => {
    const item = cases[Number(request.params.n)]
    if (!item) return reply.code(404).send({ message: 'no such case' })
    const client = await pool.connect()
    try {
      let data = []
      for (const statement of item.statements) {
        const result = await client.query(statement)
        if (result.rows.length > data.length) data = result.rows
      }
      return { data }
    } finally {
      client.release()
    }
  })
  const send = statementSender('bare')
  app.put('/case/:n', async (request, reply) => {
    const item = cases[Number(request.params.n)]
    const value = request.body?.value
    if (!item?.token || typeof value !== 'string') return reply.code(400).send({ message: 'no such write' })
    const client = await pool.connect()
    try {
      let data = []
      for (const { text, params } of item.statements) {
        const values = params.map((p) => (typeof p === 'string' ? p.replaceAll(item.token, value) : p))
        const result = await send(client, { text, params: values })
        if (result.rows.length > data.length) data = result.rows
      }
      return { data: data[0] }
    } finally {
      client.release()
    }
  })
  await app.listen({ host: '127.0.0.1', port })
  process.on('SIGTERM', async () => {
    await app.close()
    await pool.end()
    process.exit(0)
  })
})
