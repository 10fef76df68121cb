import { ZOtherLoginBindInput, ZOtherLoginCreateInput } from '@brokerdesk/shared/auth'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError, notFound } from '../../../errors'
import { startSession } from '../start-session'
import { successAlert } from '../success-alert'
import { bindExistingAccount } from './bind-existing-account'
import { findBinding, type ThirdPartyProfile } from './binding-tickets'
import { createAccountFromBinding } from './create-account-from-binding'
import { finishOtherLogin, OtherLoginFailure } from './finish-other-login'
import { findOidcProvider } from './oidc-configuration'
import { safeReturnPath, startOtherLogin } from './start-other-login'

const ZType = z.object({ type: z.string().max(40) })
const LOGIN_PAGE = '/open/login'

/** A name the SPA can offer for a new account: the provider's user name or the e-mail's local part. */
function suggestUname(profile: ThirdPartyProfile): string {
  const raw = (profile.preferred_username ?? profile.email?.split('@')[0] ?? '').replace(/[^A-Za-z0-9_]/g, '')
  const name = raw.replace(/^[^A-Za-z]+/, '').slice(0, 18)
  return name.length >= 5 ? name : ''
}

/** The SPA is a browser page here: failures come back to the login page, API callers get JSON. */
function failWith(request: FastifyRequest, reply: FastifyReply, reason: string) {
  if (request.channel === 'api')
    throw new AppError('bad_request', 'oauth.unavailable', { extras: { other_login_error: reason } })
  return reply.redirect(`${LOGIN_PAGE}?other_login_error=${reason}`)
}

/** Third-party login through OpenID Connect providers (OIDC_PROVIDERS), and binding its identities. */
export const otherLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/open/other-login', async (request) => ({
    providers: app.config.oidcProviders.map((p) => ({
      name: p.name,
      label: p.label,
      type: p.type,
      url: `${request.channel === 'web' ? '/web-api' : '/api'}/open/other-login/${p.name}`,
    })),
  }))

  app.get(
    '/open/other-login/:type',
    { schema: { params: ZType, querystring: z.object({ redirect: z.string().max(500).optional() }) } },
    async (request, reply) => {
      const provider = findOidcProvider(app.config, request.params.type)
      if (!provider) return failWith(request, reply, 'unavailable')
      try {
        const url = await startOtherLogin(request, reply, {
          provider,
          returnTo: safeReturnPath(request.query.redirect),
        })
        return reply.redirect(url.href)
      } catch (error) {
        request.log.warn({ err: error, provider: provider.name }, 'third-party login could not start')
        return failWith(request, reply, 'provider')
      }
    },
  )

  app.get('/open/other-login-callback/:type', { schema: { params: ZType } }, async (request, reply) => {
    const provider = findOidcProvider(app.config, request.params.type)
    if (!provider) return failWith(request, reply, 'unavailable')
    try {
      const outcome = await finishOtherLogin(request, reply, provider)
      if (outcome.kind === 'unbound') {
        if (request.channel === 'api') {
          return { bind_ticket: outcome.ticket, provider: provider.name, profile: outcome.profile }
        }
        const query = new URLSearchParams({
          other_login: 'bind',
          ticket: outcome.ticket,
          provider: provider.name,
        })
        return reply.redirect(`${LOGIN_PAGE}?${query}`)
      }
      const session = await startSession(request, reply, {
        userId: outcome.userId,
        remember: false,
        via: 'other_login',
      })
      if (request.channel === 'api') return session
      const home = 'admin' in session.user && session.user.admin ? '/admin/index' : '/home/index'
      return reply.redirect(outcome.returnTo || home)
    } catch (error) {
      if (error instanceof OtherLoginFailure) return failWith(request, reply, error.reason)
      throw error
    }
  })

  app.get(
    '/open/other-login/ticket/:ticket',
    { schema: { params: z.object({ ticket: z.string().max(100) }) } },
    async (request) => {
      const binding = await findBinding(app.db, request.params.ticket).catch(() => {
        throw notFound('oauth.ticket_invalid')
      })
      const profile = binding.profile as ThirdPartyProfile
      return {
        provider: binding.provider,
        label: findOidcProvider(app.config, binding.provider)?.label ?? binding.provider,
        type: binding.type,
        profile: {
          name: profile.name ?? '',
          nickname: profile.nickname ?? '',
          email: profile.email ?? '',
          avatar: profile.avatar ?? '',
        },
        suggested_uname: suggestUname(profile),
      }
    },
  )

  app.post(
    '/open/other-login/create',
    { schema: { body: ZOtherLoginCreateInput } },
    async (request, reply) => {
      const userId = await createAccountFromBinding(request, request.body)
      return {
        ...(await startSession(request, reply, { userId, remember: false, via: 'other_login' })),
        alert: successAlert(request, 'auth.registered'),
      }
    },
  )

  app.post('/open/other-login/bind', { schema: { body: ZOtherLoginBindInput } }, async (request, reply) => {
    const { userId, providerLabel, viaCommonPassword } = await bindExistingAccount(request, request.body)
    return {
      ...(await startSession(request, reply, {
        userId,
        remember: false,
        via: 'other_login',
        commonPassword: viaCommonPassword,
      })),
      alert: successAlert(request, 'oauth.bound', { provider: providerLabel }),
    }
  })
}
