import {
  appResource,
  type TAppInput,
  type TAppTokenInput,
  ZAppInput,
  ZAppTokenInput,
} from '@brokerdesk/shared'
import { and, count, eq, sql } from 'drizzle-orm'
import { apps, roles, users } from '../../db/schema/index'
import { localizeOptions } from '../../i18n/seeded-texts'
import { type FieldIssue, invalidFields } from '../../resource/field-errors'
import { treeOptions } from '../../resource/option-sources'
import { parseId, resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding, Row, WriteArgs } from '../../resource/types'
import { recordScopes } from '../permissions/data-scope'
import { ownOrBelowRoles } from '../roles/role-options'
import { issueAppToken } from './app-token'
import {
  createOwnApp,
  deleteOwnApp,
  findOwnApp,
  listOwnApps,
  ownerOf,
  rotateOwnAppSecret,
  updateOwnApp,
} from './own-apps'

/** An administrator grants only their own roles or those below them. */
async function checkGrantedRole(values: Row, { tx, ctx }: WriteArgs): Promise<Row> {
  const issues: FieldIssue[] = []
  if ('role_id' in values && Number(values.role_id) > 0) {
    const [reachable] = await tx
      .select({ n: count() })
      .from(roles)
      .where(and(eq(roles.id, Number(values.role_id)), ownOrBelowRoles(ctx.roleIds)))
    if (reachable.n === 0) issues.push({ field: 'role_id', key: 'apps.role_out_of_reach' })
  }
  if (issues.length > 0) throw invalidFields(ctx.language, issues, appResource)
  return values
}

/** The apps as administrators see them (those whose owner is in their data scope): approve or disable, grant a role. */
export const appsBinding: ResourceBinding = {
  definition: appResource,
  table: apps,
  references: { role_id: { table: roles } },
  scope: (ctx) => recordScopes.apps(ctx),
  pageColumns: (page) => ({
    owner_name:
      sql<string>`coalesce((select coalesce(nullif(${users.name}, ''), ${users.uname}) from ${users} where ${users.id} = ${page.user_id}), '')`.as(
        'owner_name',
      ),
    role_name:
      sql<string>`coalesce((select ${roles.name} from ${roles} where ${roles.id} = ${page.role_id}), '')`.as(
        'role_name',
      ),
  }),
  seeded: [
    { kind: 'users', key: 'user_id', fields: { owner_name: 'name' } },
    { kind: 'roles', key: 'role_id', fields: { role_name: 'name' } },
  ],
  beforeWrite: checkGrantedRole,
  pageOptions: async (db, ctx) => ({
    role_id: localizeOptions(
      ctx.language,
      'roles',
      await treeOptions(db, roles, ownOrBelowRoles(ctx.roleIds)),
    ),
  }),
}

/** Apps: the administrators' resource, the owner's own apps (home routes), and the token exchange. */
export const appsModule = resourcePlugin(appsBinding, (app) => {
  const tags = ['own apps']
  const idOf = (params: unknown) => parseId((params as { id: string }).id)
  app.get('/home/apps', { schema: { tags, summary: 'My API client applications' } }, async (request) => ({
    apps: await listOwnApps(app.db, ownerOf(request)),
  }))
  app.get('/home/apps/:id', { schema: { tags, summary: 'One of my apps' } }, async (request) => ({
    app: await findOwnApp(app.db, ownerOf(request), idOf(request.params)),
  }))
  app.post(
    '/home/apps',
    { schema: { tags, summary: 'Create an app; its secret is answered this once', body: ZAppInput } },
    (request) => createOwnApp(request, request.body as TAppInput),
  )
  app.put(
    '/home/apps/:id',
    { schema: { tags, summary: 'Edit one of my apps', body: ZAppInput } },
    (request) => updateOwnApp(request, idOf(request.params), request.body as TAppInput),
  )
  app.post(
    '/home/apps/:id/secret',
    { schema: { tags, summary: 'A new secret for my app (answered this once); its tokens end' } },
    (request) => rotateOwnAppSecret(request, idOf(request.params)),
  )
  app.delete('/home/apps/:id', { schema: { tags, summary: 'Delete one of my apps' } }, (request) =>
    deleteOwnApp(request, idOf(request.params)),
  )
  app.post(
    '/open/apps/token',
    {
      schema: {
        tags: ['app token'],
        summary: 'Client credentials: a short-lived bearer token for an approved app',
        body: ZAppTokenInput,
      },
    },
    (request) => issueAppToken(request, request.body as TAppTokenInput),
  )
})
