import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { adminRole, admins, roles, users } from '../../db/schema/index'

export type UserRow = typeof users.$inferSelect

/** The user of a session as the server reasons about it. */
export interface SessionUser {
  id: number
  uname: string
  sessionId: number
  /** Present when the user is a back-office administrator. */
  admin: { id: number; roles: Array<{ id: number; name: string }> } | null
  row: UserRow
  /** Present when an API client application calls on its owner's behalf (with an app token). */
  app?: AppCaller
}

/** The app behind a call made with an app token: it acts within `roleId` and its owner's roles. */
export interface AppCaller {
  id: number
  name: string
  roleId: number
}

/** Loads a live, effective user with their admin record and roles; undefined when gone or stopped. */
export async function loadSessionUser(
  db: Db,
  userId: number,
  sessionId: number,
): Promise<SessionUser | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at), eq(users.status, 1)))
  if (!row) return undefined
  const [admin] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.user_id, userId), isNull(admins.deleted_at)))
  const adminRoles = admin
    ? await db
        .select({ id: roles.id, name: roles.name })
        .from(adminRole)
        .innerJoin(roles, eq(roles.id, adminRole.role_id))
        .where(and(eq(adminRole.admin_id, admin.id), isNull(roles.deleted_at)))
        .orderBy(asc(roles.left_margin))
    : []
  return {
    id: row.id,
    uname: row.uname,
    sessionId,
    admin: admin ? { id: admin.id, roles: adminRoles } : null,
    row,
  }
}
