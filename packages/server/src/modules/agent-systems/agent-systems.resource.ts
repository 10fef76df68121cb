import { agentSystemResource } from '@brokerdesk/shared'
import { sql } from 'drizzle-orm'
import { agentSystems } from '../../db/schema/index'
import { contextOf } from '../../resource/context'
import { deleteMatching } from '../../resource/delete-matching'
import type { QueryParams } from '../../resource/parse-list-query'
import { documented, listQuerySchema, resourcePlugin } from '../../resource/resource-routes'
import type { ResourceBinding, Row } from '../../resource/types'
import { sealPassword } from './seal-password'

/** Seals a new password; an empty one (on update) keeps the stored password. */
async function sealNewPassword(values: Row, args: { ctx: { appKey: string } }): Promise<Row> {
  const { password, ...rest } = values
  if (typeof password !== 'string' || password === '') return rest
  return { ...rest, password: sealPassword(args.ctx.appKey, password) }
}

/** Cooperative companies' agent systems: the password is stored sealed and never answered. */
export const agentSystemsBinding: ResourceBinding = {
  definition: agentSystemResource,
  table: agentSystems,
  pageColumns: (page) => ({ has_password: sql<boolean>`(${page.password} <> '')`.as('has_password') }),
  beforeWrite: sealNewPassword,
}

export const agentSystemsModule = resourcePlugin(agentSystemsBinding, (app) => {
  app.delete(
    '/admin/agent-systems/condition-delete',
    documented(agentSystemResource, 'Delete what the list filters match; dry_run=1 only counts', {
      querystring: listQuerySchema(agentSystemResource),
    }),
    (request) => {
      const query = request.query as QueryParams
      return deleteMatching({
        ctx: contextOf(request),
        binding: agentSystemsBinding,
        query,
        dryRun: query.dry_run === '1' || query.dry_run === 'true',
        language: request.language,
      })
    },
  )
})
