import { inject } from 'vitest'
import type { SharedServer } from './global-setup'

/**
 * The server the specs of this worker share (global-setup starts one for each worker; a worker runs its spec
 * files one after another, so no two specs use a server at once).
 */
export function sharedServer(): SharedServer {
  const servers = inject('servers')
  const worker = Number(process.env.VITEST_POOL_ID ?? '1')
  return servers[(worker - 1) % servers.length]
}
