import type { PageLayout } from '@brokerdesk/shared'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { pageLayouts } from '../db/schema/index'

/** The layout saved for a resource's pages, or null. */
export async function findLayout(db: Db, resource: string): Promise<PageLayout | null> {
  const [row] = await db
    .select({ columns: pageLayouts.columns, fields: pageLayouts.fields, updated_at: pageLayouts.updated_at })
    .from(pageLayouts)
    .where(and(eq(pageLayouts.resource, resource), isNull(pageLayouts.deleted_at)))
    .limit(1)
  return row ? { columns: row.columns, fields: row.fields, updated_at: row.updated_at.toISOString() } : null
}
