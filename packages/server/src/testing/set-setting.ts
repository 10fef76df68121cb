import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { configs } from '../db/schema/index'

/** For tests: stores a setting's value and makes this process read the settings again. */
export async function setSetting(app: FastifyInstance, key: string, value: string): Promise<void> {
  await app.db
    .update(configs)
    .set({ value })
    .where(and(eq(configs.key, key), isNull(configs.deleted_at)))
  app.settings.forget()
}
