import { roleResource, ZRolePermissionsSchema } from '@brokerdesk/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { contextOf } from '../../resource/context'
import { parseId } from '../../resource/resource-routes'
import { getRolePermissions, saveRolePermissions } from './role-permissions'

const params = z.object({ id: z.string() })

/** Permission assignment of a role: its menu tree with the checked items, and saving them. */
export function rolePermissionRoutes(app: FastifyInstance): void {
  const tags = [roleResource.name]
  app.get(
    '/admin/roles/:id/permissions',
    {
      schema: { tags, summary: 'The menu tree the caller may assign, with the items the role holds', params },
    },
    async (request) => getRolePermissions(contextOf(request), parseId((request.params as { id: string }).id)),
  )
  app.put(
    '/admin/roles/:id/permissions',
    {
      schema: {
        tags,
        summary: 'Save the items the role holds; cascade also removes the dropped ones from its descendants',
        params,
        body: ZRolePermissionsSchema,
      },
    },
    async (request) =>
      saveRolePermissions(
        contextOf(request),
        parseId((request.params as { id: string }).id),
        request.body as z.infer<typeof ZRolePermissionsSchema>,
      ),
  )
}
