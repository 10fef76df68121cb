import { type SQL, sql } from 'drizzle-orm'
import { classifys, firms, pclassifys, productYear } from '../../db/schema/index'

/**
 * The names of a product's company, classifications and group, and its payment period ids,
 * computed for the rows of a page only, in the page's own statement.
 */
export function productPageColumns(page: Record<string, SQL>) {
  const nameOf = (table: typeof firms | typeof classifys | typeof pclassifys, id: SQL) =>
    sql<string>`coalesce((select ${table.name} from ${table} where ${table.id} = ${id}), '')`
  return {
    firm_name: nameOf(firms, page.firm_id).as('firm_name'),
    classify_name: nameOf(classifys, page.classify_id).as('classify_name'),
    classify2_name: nameOf(classifys, page.classify2_id).as('classify2_name'),
    pclassify_name: nameOf(pclassifys, page.pclassify_id).as('pclassify_name'),
    year_ids: sql<number[]>`array(select ${productYear.year_id} from ${productYear}
      where ${productYear.product_id} = ${page.id} order by ${productYear.year_id})`.as('year_ids'),
  }
}
