import * as client from 'openid-client'
import type { AppConfig, OidcProviderConfig } from '../../../config'

const discovered = new WeakMap<AppConfig, Map<string, Promise<client.Configuration>>>()

/** A configured provider by its name or its `ousers.type` code, as the url's {type} may give either. */
export function findOidcProvider(config: AppConfig, type: string): OidcProviderConfig | undefined {
  const wanted = type.toLowerCase()
  return config.oidcProviders.find((p) => p.name === wanted || String(p.type) === wanted)
}

/**
 * The provider's OpenID configuration, discovered from its issuer on first use and kept per process
 * (it is metadata, not state). Plain-http issuers are accepted outside production only.
 */
export function oidcConfigurationOf(
  config: AppConfig,
  provider: OidcProviderConfig,
): Promise<client.Configuration> {
  let cache = discovered.get(config)
  if (!cache) {
    cache = new Map()
    discovered.set(config, cache)
  }
  const existing = cache.get(provider.name)
  if (existing) return existing
  const insecure = provider.issuer.startsWith('http:') && config.env !== 'production'
  const pending = client
    .discovery(
      new URL(provider.issuer),
      provider.clientId,
      provider.clientSecret || undefined,
      provider.clientSecret ? client.ClientSecretPost(provider.clientSecret) : client.None(),
      insecure ? { execute: [client.allowInsecureRequests] } : undefined,
    )
    .catch((error) => {
      cache.delete(provider.name)
      throw error
    })
  cache.set(provider.name, pending)
  return pending
}
