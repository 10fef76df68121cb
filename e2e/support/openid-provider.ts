import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export const OIDC_CLIENT = { name: 'acme', label: 'Acme ID', id: 'brokerdesk', secret: 'acme-e2e-secret' }

/**
 * An OpenID provider in this process (oidc-provider with its development login and consent pages):
 * any login name signs in, as an account whose claims derive from it (`bob` → "Bob Acme",
 * bob@acme.example, preferred_username bob_acme). Only `appUrl`'s callback may receive codes.
 */
export async function startOidcProvider(
  appUrl: string,
): Promise<{ issuer: string; close: () => Promise<void> }> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [`${appUrl}/web-api/open/other-login-callback/${OIDC_CLIENT.name}`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: `${sub}@acme.example`,
        email_verified: true,
        name: `${sub[0].toUpperCase()}${sub.slice(1)} Acme`,
        preferred_username: `${sub}_acme`,
      }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['acme-e2e-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
  })
  server.on('request', provider.callback())
  return {
    issuer,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
