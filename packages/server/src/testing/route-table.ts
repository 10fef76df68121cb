import type { FastifyInstance } from 'fastify'

export interface RegisteredRoute {
  method: string
  /** The url as registered: `/web-api/admin/firms/:id`. */
  url: string
}

/**
 * Every route the app registered, read from `app.printRoutes()` (Fastify keeps no public list):
 * each line of that tree is a path segment below its parent's, with the methods it answers.
 * HEAD routes Fastify adds beside GET are left out.
 */
export function listRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = []
  const stack: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.replace(/\s+$/, ''))
    if (!match) continue
    const depth = match[1].length / 4
    stack.length = depth
    stack.push(match[2])
    const url = stack.join('')
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') routes.push({ method, url })
    }
  }
  return routes
}
