import { lt } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import * as client from 'openid-client'
import type { OidcProviderConfig } from '../../../config'
import { oauthStates } from '../../../db/schema/index'
import { API_PREFIX, WEB_PREFIX } from '../../../global-config'
import { randomString } from '../../../secrets'
import { hashToken } from '../sessions'
import { oidcConfigurationOf } from './oidc-configuration'

/** The HttpOnly cookie that ties a third-party login to the browser that started it. */
export const OTHER_LOGIN_COOKIE = 'Other-Login'
/** How long the visitor has at the provider. */
const STATE_TTL_MS = 10 * 60_000

/** A path inside this site to return to, or '' (never another site: no open redirect). */
export function safeReturnPath(value: unknown): string {
  return typeof value === 'string' && /^\/(?!\/)[^\s\\]*$/.test(value) ? value.slice(0, 500) : ''
}

/** Where the provider sends the visitor back: the callback route under the mount the flow started on. */
function callbackUrlOf(request: FastifyRequest, provider: OidcProviderConfig): string {
  const configured = request.server.config.appUrl.replace(/\/+$/, '')
  const origin = configured || `${request.protocol}://${request.host}`
  const prefix = request.channel === 'web' ? WEB_PREFIX : API_PREFIX
  return `${origin}${prefix}/open/other-login-callback/${provider.name}`
}

/**
 * Starts an authorization code flow with PKCE: state, verifier and nonce are kept in the database
 * (any server process may receive the callback) with the hash of a random value set in an HttpOnly
 * cookie, so only this browser can complete it. Answers the provider's authorization address.
 */
export async function startOtherLogin(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { provider: OidcProviderConfig; returnTo: string },
): Promise<URL> {
  const { db, config } = request.server
  const configuration = await oidcConfigurationOf(config, options.provider)
  const state = client.randomState()
  const nonce = client.randomNonce()
  const verifier = client.randomPKCECodeVerifier()
  const browser = randomString(32)
  const redirectUri = callbackUrlOf(request, options.provider)
  const now = new Date()
  await db.delete(oauthStates).where(lt(oauthStates.expires_at, now))
  await db.insert(oauthStates).values({
    state,
    provider: options.provider.name,
    code_verifier: verifier,
    nonce,
    browser_hash: hashToken(browser),
    redirect_uri: redirectUri,
    return_to: options.returnTo,
    expires_at: new Date(now.getTime() + STATE_TTL_MS),
  })
  reply.setCookie(OTHER_LOGIN_COOKIE, browser, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge: STATE_TTL_MS / 1000,
  })
  return client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: options.provider.scope,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  })
}
