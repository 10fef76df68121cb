import fp from 'fastify-plugin'
import { pickLanguage } from '../i18n/translate'

/** Reads the caller's language from the Language header, then the Language cookie. */
export const requestContextPlugin = fp(async (app) => {
  app.decorateRequest('language', app.config.defaultLanguage)
  app.decorateRequest('channel', 'api')
  app.decorateRequest('clientId', '')
  app.decorateRequest('user', null)
  app.decorateRequest('routeHeld', undefined)
  app.addHook('onRequest', async (request) => {
    const header = request.headers.language
    const value = (Array.isArray(header) ? header[0] : header) || request.cookies.Language
    request.language = pickLanguage(value, app.config.defaultLanguage)
  })
})
