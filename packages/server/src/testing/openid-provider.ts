import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export interface OidcTestClient {
  id: string
  secret: string
  /** Where the provider may send codes (the app's callbacks). */
  redirectUris: string[]
}

/**
 * An OpenID provider in this process (oidc-provider with its development login and consent pages)
 * for the server tests and the e2e: any login name signs in, as an account whose claims derive from
 * it (`bob` → "Bob Acme", bob@acme.example, preferred_username bob_acme).
 */
export async function startOidcProvider(
  client: OidcTestClient,
): Promise<{ issuer: string; close: () => Promise<void> }> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: client.redirectUris,
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
    cookies: { keys: ['acme-test-cookie-key'] },
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
