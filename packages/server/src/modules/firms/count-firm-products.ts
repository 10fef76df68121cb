import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { products } from '../../db/schema/index'
import type { Row } from '../../resource/types'

/**
 * Adds `products_count` and `long_products_count` (live products, and the long-term ones among
 * them) to a page of firms: one grouped query per page.
 */
export async function countFirmProducts(db: Db | Tx, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((row) => row.id as number)
  const counts = await db
    .select({
      firm_id: products.firm_id,
      total: count(),
      long: sql<number>`(count(*) filter (where ${eq(products.is_long_time, 1)}))::int`,
    })
    .from(products)
    .where(and(inArray(products.firm_id, ids), isNull(products.deleted_at)))
    .groupBy(products.firm_id)
  const byFirm = new Map(counts.map((c) => [c.firm_id, c]))
  return rows.map((row) => {
    const found = byFirm.get(row.id as number)
    return { ...row, products_count: found?.total ?? 0, long_products_count: Number(found?.long ?? 0) }
  })
}
