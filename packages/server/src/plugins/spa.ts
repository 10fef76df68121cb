import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { CONFIG_GLOBAL_NAME, SESSION_HINT_GLOBAL_NAME } from '@brokerdesk/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../errors'
import { API_PREFIX, buildGlobalConfig, WEB_PREFIX } from '../global-config'
import { publishedPublicKey } from '../modules/api-encryption/api-encryption'
import { readBuiltFiles, sendBuiltFile } from './built-files'
import { ensureClientId } from './client-id'
import { AUTH_COOKIE } from './session'

const PLACEHOLDER = '<!--app-config-->'
/** index.html's own inline script (the SPA's boot requests): it runs by the answer's nonce too. */
const BOOT_SCRIPT = '<script data-boot>'

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, ' ')
}

function isApiPath(url: string): boolean {
  return [API_PREFIX, WEB_PREFIX].some((prefix) => url === prefix || url.startsWith(`${prefix}/`))
}

export interface SpaOptions {
  /** The folder of the built SPA (index.html and assets/). */
  root: string
}

/**
 * Serves the built SPA: its files from memory (hashed assets with a long cache, see built-files), and
 * index.html — with the global configuration injected — for every other GET that asks for a page
 * (history-mode fallback).
 */
export const spaPlugin = fp<SpaOptions>(async (app, { root }) => {
  const indexPath = path.join(root, 'index.html')
  if (!fs.existsSync(indexPath)) {
    throw new Error(`The web app is not built: ${indexPath} is missing. Run "npm run build" first.`)
  }
  const template = fs.readFileSync(indexPath, 'utf8')

  const files = readBuiltFiles(root)
  app.get<{ Params: { '*': string } }>('/*', (request, reply) => {
    const file = files.get(`/${request.params['*']}`)
    return file ? sendBuiltFile(request, reply, file) : reply.callNotFound()
  })

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const clientId = ensureClientId(request, reply)
    // The injected configuration script runs under the Content-Security-Policy by this nonce, one per
    // answer. (Styles stay 'unsafe-inline' without a nonce: antd writes them at run time.)
    const nonce = randomBytes(16).toString('base64url')
    const config = buildGlobalConfig(app.config, clientId, {
      maintenance: (await app.settings.maintenance()).on,
      apiPublicKey: await publishedPublicKey(app),
    })
    const signedIn = request.cookies[AUTH_COOKIE] !== undefined
    const script = `<script nonce="${nonce}">window.${CONFIG_GLOBAL_NAME}=${scriptJson(config)};window.${SESSION_HINT_GLOBAL_NAME}=${signedIn}</script>`
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .withScriptNonce(nonce)
      .send(template.replace(BOOT_SCRIPT, `<script data-boot nonce="${nonce}">`).replace(PLACEHOLDER, script))
  }

  app.get('/', sendIndex)

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url)
    const looksLikeFile = path.extname(request.url.split('?')[0]) !== ''
    if (wantsPage && !looksLikeFile) return sendIndex(request, reply)
    throw new AppError('not_found', 'errors.not_found')
  })
})
