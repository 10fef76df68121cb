import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * The security headers of every answer (Content-Security-Policy, HSTS, frame and sniffing rules...),
 * set by helmet's middleware made once at start: the Fastify wrapper made it again on every request.
 * A directive may still be a function of the response (the SPA's script nonce).
 */
export const securityHeadersPlugin = fp<HelmetOptions>(async (app, options) => {
  const apply = helmet(options)
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined))
  })
})
