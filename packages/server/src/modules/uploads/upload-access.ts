import { RESOURCE_ACTION_ROUTES, type ResourceAction } from '@brokerdesk/shared'
import type { FastifyInstance } from 'fastify'
import { rolesHoldRoute } from '../../access/route-access'
import type { SessionUser } from '../auth/load-session-user'

/** How a resource an upload is declared for is named (a resource's name, as in its admin url). */
export const UPLOAD_RESOURCE_NAME = /^[a-z][a-z0-9-]{0,49}$/

/** Whether the user's roles (and an app's role) hold one of these actions of `/admin/<resource>`. */
async function holdsAction(
  app: FastifyInstance,
  user: SessionUser,
  resource: string,
  actions: readonly ResourceAction[],
): Promise<boolean> {
  if (!user.admin || !UPLOAD_RESOURCE_NAME.test(resource)) return false
  const holders = [user.admin.roles.map((role) => role.id), ...(user.app ? [[user.app.roleId]] : [])]
  for (const action of actions) {
    const route = RESOURCE_ACTION_ROUTES[action]
    const options = { url: `/admin/${resource}${route.path}`, method: route.method, env: app.config.env }
    let held = true
    for (const roleIds of holders) held = held && (await rolesHoldRoute(app.db, { ...options, roleIds }))
    if (held) return true
  }
  return false
}

/** An upload may be declared for a resource by an administrator who may create or update its records. */
export function mayUploadFor(app: FastifyInstance, user: SessionUser, resource: string): Promise<boolean> {
  return holdsAction(app, user, resource, ['create', 'update'])
}

/**
 * Who reads a private upload: its owner, and administrators whose roles hold the list or a record of
 * the resource it was uploaded for. Anybody else is answered as if it did not exist.
 */
export async function mayReadPrivateUpload(
  app: FastifyInstance,
  user: SessionUser,
  file: { user_id: number; resource: string },
): Promise<boolean> {
  if (file.user_id === user.id) return true
  return file.resource !== '' && holdsAction(app, user, file.resource, ['list', 'show'])
}
