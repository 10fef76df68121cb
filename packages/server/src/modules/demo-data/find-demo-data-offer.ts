import type { DemoDataOffer } from '@brokerdesk/shared'
import { isNull } from 'drizzle-orm'
import type { AppConfig } from '../../config'
import type { Db, Tx } from '../../db/client'
import { firms, products } from '../../db/schema/index'
import { DEMO_FIRMS } from '../../db/seed/demo/demo-firms'
import { DEMO_PRODUCTS_PER_FIRM } from '../../db/seed/demo/seed-demo'

/**
 * Demo data is for trying the product out: in production only when the operator asked for it
 * with SEED_DEMO=true (the same switch that seeds it on a first start).
 */
export const demoDataAllowed = (config: Pick<AppConfig, 'env' | 'seedDemo'>): boolean =>
  config.env !== 'production' || config.seedDemo

/** No live insurance company and no live product. */
export async function catalogueIsEmpty(db: Db | Tx): Promise<boolean> {
  const [firm] = await db.select({ id: firms.id }).from(firms).where(isNull(firms.deleted_at)).limit(1)
  if (firm) return false
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(isNull(products.deleted_at))
    .limit(1)
  return !product
}

/** `GET /admin/index/demo-data`: the offer the empty home shows. */
export async function findDemoDataOffer(
  db: Db,
  config: Pick<AppConfig, 'env' | 'seedDemo'>,
): Promise<DemoDataOffer> {
  return {
    offered: demoDataAllowed(config) && (await catalogueIsEmpty(db)),
    firms: DEMO_FIRMS.length,
    products: DEMO_FIRMS.length * DEMO_PRODUCTS_PER_FIRM,
  }
}
