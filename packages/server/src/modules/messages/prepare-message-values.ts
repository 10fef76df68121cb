import { AUDIENCE, messageResource } from '@brokerdesk/shared'
import { and, count, eq, inArray, isNull } from 'drizzle-orm'
import { messageUser, roles, users } from '../../db/schema/index'
import { type FieldIssue, invalidFields } from '../../resource/field-errors'
import type { Row, WriteArgs } from '../../resource/types'
import { recordScopes, resolveDataScope } from '../permissions/data-scope'
import { ownOrBelowRoles } from '../roles/role-options'
import { hasVisibleContent, sanitizeRichText } from './sanitize-rich-text'

/**
 * Before a message is stored: its content sanitized (and required to show something), the author
 * set on create, the recipients of the other audiences cleared, a role chosen only among the
 * writer's own roles and those below them, and chosen users only among the accounts within the
 * writer's reach (ordinary accounts, and back-office users of the roles below theirs). Everyone, or
 * a role's holders wherever they are filed, only for a writer whose data scope is everyone's: an
 * administrator of a branch writes to the accounts they see, chosen.
 */
export async function prepareMessageValues(values: Row, args: WriteArgs): Promise<Row> {
  const { tx, ctx, mode, existing } = args
  const out: Row = { ...values }
  const issues: FieldIssue[] = []
  if ('content' in out) {
    out.content = sanitizeRichText(String(out.content))
    if (!hasVisibleContent(String(out.content)))
      issues.push({ field: 'content', key: 'validations.messages.required' })
  }
  if (mode === 'create') out.user_id = ctx.userId
  const audience = Number(out.audience ?? existing?.audience)
  if (audience !== AUDIENCE.role) out.role_id = 0
  if (audience !== AUDIENCE.users) out.user_ids = []
  if ((audience === AUDIENCE.all || audience === AUDIENCE.role) && 'audience' in values) {
    const scope = await resolveDataScope({ ...ctx, db: tx })
    if (scope.kind !== 'all') issues.push({ field: 'audience', key: 'messages.audience_out_of_scope' })
  }
  if (audience === AUDIENCE.role && 'role_id' in values) {
    const [reachable] = await tx
      .select({ n: count() })
      .from(roles)
      .where(and(eq(roles.id, Number(out.role_id)), ownOrBelowRoles(ctx.roleIds)))
    if (reachable.n === 0) issues.push({ field: 'role_id', key: 'messages.role_out_of_reach' })
  }
  const chosenIds = [...new Set((out.user_ids as number[] | undefined) ?? [])]
  if (audience === AUDIENCE.users && 'user_ids' in values && chosenIds.length > 0) {
    // Only accounts the writer reaches (reach and data scope), as the recipient search finds them.
    const [reachable] = await tx
      .select({ n: count() })
      .from(users)
      .where(
        and(
          inArray(users.id, chosenIds),
          isNull(users.deleted_at),
          await recordScopes.accounts({ ...ctx, db: tx }),
        ),
      )
    if (reachable.n !== chosenIds.length)
      issues.push({ field: 'user_ids', key: 'messages.recipient_out_of_reach' })
  }
  if (audience === AUDIENCE.users && !('user_ids' in values) && existing) {
    const [chosen] = await tx
      .select({ n: count() })
      .from(messageUser)
      .where(eq(messageUser.message_id, existing.id as number))
    if (chosen.n === 0) issues.push({ field: 'user_ids', key: 'validations.messages.required' })
  }
  if (audience === AUDIENCE.role && !('role_id' in values) && existing && !existing.role_id)
    issues.push({ field: 'role_id', key: 'validations.messages.required' })
  if (issues.length > 0) throw invalidFields(ctx.language, issues, messageResource)
  return out
}
