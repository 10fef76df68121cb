import type { FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

/** Where a document's script nonce goes in the policy's `script-src` (see `withScriptNonce`). */
export const SCRIPT_NONCE_SOURCE = "'nonce-{{script-nonce}}'"

declare module 'fastify' {
  interface FastifyReply {
    /** Sends the Content-Security-Policy of a document whose inline scripts carry this nonce. */
    withScriptNonce(nonce: string): FastifyReply
  }
}

/** The headers helmet sets for these options, read once from a response that records them. */
function headersOf(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>()
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  }
  let failure: unknown
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failure = error
  })
  if (failure) throw failure
  return [...headers]
}

/**
 * The security headers of every answer (Content-Security-Policy, HSTS, frame and sniffing rules...),
 * worked out by helmet once at start and then copied onto each answer: making them per request
 * (helmet's middleware builds the policy text every time) was about 5 % of a list request's CPU.
 * `script-src` may name SCRIPT_NONCE_SOURCE: an answer carries the policy without it, and a document
 * with inline scripts (the SPA's index.html) sends it with its own nonce through `withScriptNonce`.
 */
export const securityHeadersPlugin = fp<HelmetOptions>(async (app, options) => {
  const headers = headersOf(options)
  const policy = headers.find(([name]) => name === 'content-security-policy')?.[1]
  const withoutNonce = headers.map(([name, value]): [string, string] =>
    name === 'content-security-policy' ? [name, value.replace(` ${SCRIPT_NONCE_SOURCE}`, '')] : [name, value],
  )
  app.decorateReply('withScriptNonce', function (this: FastifyReply, nonce: string) {
    if (policy)
      this.header('content-security-policy', policy.replace(SCRIPT_NONCE_SOURCE, `'nonce-${nonce}'`))
    return this
  })
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of withoutNonce) reply.raw.setHeader(name, value)
    done()
  })
})
