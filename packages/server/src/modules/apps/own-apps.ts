import {
  APP_REVIEW_CODE,
  APPS_PER_USER_MAX,
  type TAppInput,
  type TOwnApp,
  ZAppInput,
} from '@brokerdesk/shared'
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { menuUrlOfRoute } from '../../access/route-access'
import type { Db, Tx } from '../../db/client'
import { apps, appTokens, roles } from '../../db/schema/index'
import { notFound, unauthenticated, validationFailed } from '../../errors'
import { translate } from '../../i18n/translate'
import { writeOperationLog } from '../../operation-log/write-operation-log'
import { hashAppSecret, newAppSecret, newClientId } from './app-credentials'

const ownColumns = {
  id: apps.id,
  name: apps.name,
  description: apps.description,
  client_id: apps.client_id,
  allowed_ips: apps.allowed_ips,
  status: apps.status,
  review: apps.review,
  role_name: sql<string>`coalesce((select ${roles.name} from ${roles} where ${roles.id} = ${apps.role_id} and ${roles.deleted_at} is null), '')`,
  secret_rotated_at: apps.secret_rotated_at,
  created_at: apps.created_at,
  updated_at: apps.updated_at,
}

type OwnRow = { [K in keyof typeof ownColumns]: unknown }

function present(row: OwnRow): TOwnApp {
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v))
  return {
    ...(row as unknown as TOwnApp),
    secret_rotated_at: iso(row.secret_rotated_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }
}

/** The caller's user id; apps never manage apps (authorize keeps them off home routes too). */
export function ownerOf(request: FastifyRequest): number {
  if (!request.user || request.user.app) throw unauthenticated()
  return request.user.id
}

const own = (userId: number, id?: number) =>
  and(eq(apps.user_id, userId), isNull(apps.deleted_at), id === undefined ? undefined : eq(apps.id, id))

export async function listOwnApps(db: Db, userId: number): Promise<TOwnApp[]> {
  const rows = await db.select(ownColumns).from(apps).where(own(userId)).orderBy(asc(apps.id))
  return rows.map(present)
}

export async function findOwnApp(db: Db, userId: number, id: number): Promise<TOwnApp> {
  const [row] = await db.select(ownColumns).from(apps).where(own(userId, id))
  if (!row) throw notFound()
  return present(row)
}

/** Writes the operation log entry of an owner's change (never the secret) in the change's transaction. */
async function logChange(tx: Tx, request: FastifyRequest, parameters: unknown) {
  await writeOperationLog(tx, {
    menu: { url: menuUrlOfRoute(request.routeOptions.url ?? request.url), method: request.method },
    method: request.method,
    userId: request.user?.id ?? 0,
    ip: request.ip,
    url: request.url,
    parameters,
  })
}

/** Creates an app of the caller, waiting for an administrator's approval; the secret is answered once. */
export async function createOwnApp(request: FastifyRequest, input: TAppInput) {
  const db = request.server.db
  const userId = ownerOf(request)
  const values = ZAppInput.parse(input)
  const [{ n }] = await db.select({ n: count() }).from(apps).where(own(userId))
  if (n >= APPS_PER_USER_MAX) {
    throw validationFailed({
      name: [translate(request.language, 'apps.too_many', { max: APPS_PER_USER_MAX })],
    })
  }
  const secret = newAppSecret()
  const row = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(apps)
      .values({
        ...values,
        user_id: userId,
        client_id: newClientId(),
        secret_hash: hashAppSecret(request.server.appKey, secret),
      })
      .returning({ id: apps.id })
    await logChange(tx, request, values)
    return made
  })
  return { app: await findOwnApp(db, userId, row.id), secret }
}

/** An allowlist as a set of entries, for telling whether it changed. */
const addressesOf = (allowedIps: string) =>
  [
    ...new Set(
      allowedIps
        .split('\n')
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  ]
    .sort()
    .join('\n')

export async function updateOwnApp(request: FastifyRequest, id: number, input: TAppInput) {
  const db = request.server.db
  const userId = ownerOf(request)
  const before = await findOwnApp(db, userId, id)
  const values = ZAppInput.parse(input)
  // A new allowlist is the administrators' to approve again: the app stops until it is.
  const allowlistChanged = addressesOf(before.allowed_ips) !== addressesOf(values.allowed_ips ?? '')
  const review =
    allowlistChanged && before.review === APP_REVIEW_CODE.approved ? APP_REVIEW_CODE.pending : undefined
  await db.transaction(async (tx) => {
    await tx
      .update(apps)
      .set({ ...values, ...(review === undefined ? {} : { review }) })
      .where(own(userId, id))
    await logChange(tx, request, { id, ...values })
  })
  return { app: await findOwnApp(db, userId, id) }
}

/** A new secret: the old one and every token obtained with it stop working at once. */
export async function rotateOwnAppSecret(request: FastifyRequest, id: number) {
  const db = request.server.db
  const userId = ownerOf(request)
  await findOwnApp(db, userId, id)
  const secret = newAppSecret()
  await db.transaction(async (tx) => {
    await tx
      .update(apps)
      .set({ secret_hash: hashAppSecret(request.server.appKey, secret), secret_rotated_at: new Date() })
      .where(own(userId, id))
    await tx.delete(appTokens).where(eq(appTokens.app_id, id))
    await logChange(tx, request, { id })
  })
  return { app: await findOwnApp(db, userId, id), secret }
}

export async function deleteOwnApp(request: FastifyRequest, id: number) {
  const db = request.server.db
  const userId = ownerOf(request)
  await findOwnApp(db, userId, id)
  await db.transaction(async (tx) => {
    await tx.update(apps).set({ deleted_at: new Date() }).where(own(userId, id))
    await tx.delete(appTokens).where(eq(appTokens.app_id, id))
    await logChange(tx, request, { id })
  })
  return { deleted: 1 }
}
