import { startOidcProvider as startProvider } from '../../packages/server/src/testing/openid-provider'

export const OIDC_CLIENT = { name: 'acme', label: 'Acme ID', id: 'brokerdesk', secret: 'acme-e2e-secret' }

/** The test OpenID provider, sending codes only to `appUrl`'s callback of OIDC_CLIENT. */
export function startOidcProvider(appUrl: string): ReturnType<typeof startProvider> {
  return startProvider({
    id: OIDC_CLIENT.id,
    secret: OIDC_CLIENT.secret,
    redirectUris: [`${appUrl}/web-api/open/other-login-callback/${OIDC_CLIENT.name}`],
  })
}
