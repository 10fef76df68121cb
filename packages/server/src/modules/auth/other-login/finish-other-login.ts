import { and, eq, gt, isNull } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import * as client from 'openid-client'
import type { OidcProviderConfig } from '../../../config'
import { oauthStates, ousers, users } from '../../../db/schema/index'
import { AppError } from '../../../errors'
import { hashToken } from '../sessions'
import { createBindingTicket, type ThirdPartyProfile } from './binding-tickets'
import { oidcConfigurationOf } from './oidc-configuration'
import { OTHER_LOGIN_COOKIE } from './start-other-login'

export type OtherLoginOutcome =
  | { kind: 'known'; userId: number; returnTo: string }
  | { kind: 'unbound'; ticket: string; profile: ThirdPartyProfile; returnTo: string }

/** Why a third-party login failed, as the SPA is told in `other_login_error`. */
export class OtherLoginFailure extends AppError {
  constructor(readonly reason: 'state' | 'denied' | 'provider' | 'disabled' | 'second_factor') {
    super('bad_request', 'oauth.ticket_invalid', { extras: { other_login_error: reason } })
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

function profileOf(claims: Record<string, unknown>): ThirdPartyProfile {
  return {
    name: text(claims.name),
    nickname: text(claims.nickname),
    email: text(claims.email),
    email_verified: claims.email_verified === true,
    avatar: text(claims.picture),
    preferred_username: text(claims.preferred_username),
  }
}

/**
 * Completes the flow the provider sent the visitor back from: the state must be live, unused, for
 * this provider and started by this browser; the code is exchanged with the PKCE verifier and the ID
 * token's nonce checked. A known identity (ousers) answers its user; an unknown one a binding ticket.
 */
export async function finishOtherLogin(
  request: FastifyRequest,
  reply: FastifyReply,
  provider: OidcProviderConfig,
): Promise<OtherLoginOutcome> {
  const { db } = request.server
  const query = request.query as Record<string, string | undefined>
  const browser = request.cookies[OTHER_LOGIN_COOKIE]
  reply.clearCookie(OTHER_LOGIN_COOKIE, { path: '/' })
  const [flow] = query.state
    ? await db
        .delete(oauthStates)
        .where(and(eq(oauthStates.state, query.state), gt(oauthStates.expires_at, new Date())))
        .returning()
    : []
  if (!flow || flow.provider !== provider.name || !browser || hashToken(browser) !== flow.browser_hash) {
    throw new OtherLoginFailure('state')
  }
  if (query.error) throw new OtherLoginFailure('denied')
  const claims = await exchangeCode(request, provider, flow).catch((error) => {
    request.log.warn({ err: error, provider: provider.name }, 'third-party login failed')
    throw new OtherLoginFailure('provider')
  })
  const openId = String(claims.sub)
  const profile = profileOf(claims)
  const [known] = await db
    .select({ id: ousers.id, userId: users.id, status: users.status, totp: users.totp_secret })
    .from(ousers)
    .innerJoin(users, and(eq(users.id, ousers.user_id), isNull(users.deleted_at)))
    .where(and(eq(ousers.type, provider.type), eq(ousers.open_id, openId), isNull(ousers.deleted_at)))
    .limit(1)
  if (known) {
    if (known.status !== 1) throw new OtherLoginFailure('disabled')
    // A provider cannot prove the second factor: such an account logs in with its password and code.
    if (known.totp) throw new OtherLoginFailure('second_factor')
    await db.update(ousers).set({ data: profile }).where(eq(ousers.id, known.id))
    return { kind: 'known', userId: known.userId, returnTo: flow.return_to }
  }
  const ticket = await createBindingTicket(db, {
    provider: provider.name,
    type: provider.type,
    openId,
    profile,
  })
  return { kind: 'unbound', ticket, profile, returnTo: flow.return_to }
}

async function exchangeCode(
  request: FastifyRequest,
  provider: OidcProviderConfig,
  flow: typeof oauthStates.$inferSelect,
): Promise<Record<string, unknown>> {
  const configuration = await oidcConfigurationOf(request.server.config, provider)
  const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
  const tokens = await client.authorizationCodeGrant(
    configuration,
    new URL(`${flow.redirect_uri}${search}`),
    {
      pkceCodeVerifier: flow.code_verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    },
  )
  const claims = { ...(tokens.claims() ?? {}) } as Record<string, unknown>
  const userInfo = await client
    .fetchUserInfo(configuration, tokens.access_token, String(claims.sub))
    .catch(() => ({}))
  return { ...userInfo, ...claims }
}
