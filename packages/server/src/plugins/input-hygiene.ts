import { exceedsJsonDepth } from '@brokerdesk/shared'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../errors'
import { findUnstorableField } from '../input/storable-text'

/** Bodies of the anonymous /open routes (login, registration, captcha): forms of a few fields. */
export const OPEN_BODY_LIMIT = 64 * 1024
/** Bodies of the other routes: a record, a filter, a list of ids. */
export const BODY_LIMIT = 1024 * 1024
/** Bodies of imports and uploads, which set it on their routes. */
export const LARGE_BODY_LIMIT = 10 * 1024 * 1024

/** JSON nesting the anonymous routes accept: their deepest body, a captcha track, has three levels. */
const OPEN_JSON_DEPTH = 8
/** JSON nesting the other routes accept: an imported row with a JSON cell has five. */
const JSON_DEPTH = 32

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How deep a JSON body may nest (set for every route by this plugin). */
    maxJsonDepth?: number
    /** The handler checks the body's texts row by row (imports), so one bad row is that row's error. */
    checksTextsPerRow?: boolean
  }
}

const isOpenRoute = (url: string) => /^\/[^/]+\/open\//.test(url)

/**
 * Input hygiene every request passes, so bad input gets a 4xx rather than reaching the database:
 * - a body limit and a JSON nesting limit per route (small for the anonymous /open routes), checked
 *   before the body is parsed;
 * - no text PostgreSQL cannot store (NUL, lone surrogates) in the path, the query or the body: a 422
 *   naming the field. Routes that check row by row (imports) leave the body to their handler.
 */
export const inputHygienePlugin = fp(async (app) => {
  app.addHook('onRoute', (route) => {
    const open = isOpenRoute(route.url)
    route.bodyLimit ??= open ? OPEN_BODY_LIMIT : BODY_LIMIT
    route.config = { maxJsonDepth: open ? OPEN_JSON_DEPTH : JSON_DEPTH, ...route.config }
  })

  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const depth = request.routeOptions.config.maxJsonDepth ?? JSON_DEPTH
    if (exceedsJsonDepth(body as string, depth)) {
      done(new AppError('bad_request', 'errors.too_deep', { params: { depth } }), undefined)
      return
    }
    parseJson(request, body as string, done)
  })

  app.addHook('preHandler', async (request: FastifyRequest) => {
    const values = [request.params, request.query]
    if (!request.routeOptions.config.checksTextsPerRow) values.push(request.body)
    for (const value of values) {
      const field = findUnstorableField(value)
      if (field !== undefined) {
        throw new AppError('validation', 'errors.validation', {
          errors: { [field]: ['validations.messages.unstorable'] },
        })
      }
    }
  })
})
