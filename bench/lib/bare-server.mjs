// The bare server of an honest bench, in a process of its own: Fastify with its default request log
// and a pg pool, answering GET /case/:n with the rows of case n's captured statements, sent in order on
// one pooled connection exactly as our server sent them. No sessions, permissions or engine.
import Fastify from 'fastify'
import pg from 'pg'

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
  await app.listen({ host: '127.0.0.1', port })
  process.on('SIGTERM', async () => {
    await app.close()
    await pool.end()
    process.exit(0)
  })
})
