import type { FastifyPluginAsync } from 'fastify'
import { seedDemo } from '../db/seed/demo/seed-demo'
import { forbidden } from '../errors'
import { safeEqual } from '../secrets'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * `POST /local/seed-demo`: the demo seed for a command run on the same machine while this server
 * holds the embedded database. Only from the loopback address of the socket (never a forwarded
 * one) and with the token of the control file, which only the server's owner can read.
 */
export const localControlPlugin: FastifyPluginAsync<{ token: string }> = async (app, { token }) => {
  app.post('/local/seed-demo', { schema: { hide: true } }, async (request) => {
    const given = request.headers['x-control-token']
    const local = LOOPBACK.has(request.socket.remoteAddress ?? '')
    if (!local || typeof given !== 'string' || !safeEqual(given, token)) throw forbidden()
    const result = await seedDemo(app.db)
    request.log.info(result, 'demo data added on request of a local command')
    return result
  })
}
