import { sql } from 'drizzle-orm'
import {
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { nestedSet, serialId, sortIndexes, textSearchIndexes, timestamps } from './columns'

/** First and second level insurance classifications. */
export const classifys = pgTable(
  'classifys',
  {
    id: serialId(),
    name: varchar({ length: 60 }).notNull().default(''),
    description: text(),
    ...nestedSet,
    ...timestamps,
  },
  (t) => [
    index('classifys_parent_id_idx').on(t.parent_id),
    index('classifys_left_margin_idx').on(t.left_margin),
    ...sortIndexes('classifys', t.id, [t.level, t.created_at, t.updated_at]),
  ],
)

/** Insurance groupings. */
export const pclassifys = pgTable(
  'pclassifys',
  {
    id: serialId(),
    name: varchar({ length: 60 }).notNull().default(''),
    description: text(),
    ...nestedSet,
    ...timestamps,
  },
  (t) => [
    index('pclassifys_parent_id_idx').on(t.parent_id),
    index('pclassifys_left_margin_idx').on(t.left_margin),
    ...sortIndexes('pclassifys', t.id, [t.level, t.created_at, t.updated_at]),
  ],
)

/** Payment periods; value is a comma-separated list of positive integers, e.g. '10' or '5,10,20'. */
export const years = pgTable(
  'years',
  {
    id: serialId(),
    name: varchar({ length: 255 }).notNull().default(''),
    value: text().notNull().default(''),
    description: text(),
    ...timestamps,
  },
  (t) => [...sortIndexes('years', t.id, [t.created_at, t.updated_at])],
)

/**
 * Insurance products.
 * is_long_time: 0-short, 1-long; class: 0-traditional, 1-new; buy_type: 1-personal, 2-group;
 * pay_type: bitmask 1-one-time, 2-installments, 4-flexible;
 * attr: 0-none, 1-student accident, 2-women, 3-children, 4-elderly, 5-aviation accident;
 * status: 0-halt sales, 1-on sale, 2-out of service.
 */
export const products = pgTable(
  'products',
  {
    id: serialId(),
    uid: varchar({ length: 255 }).notNull().default(''),
    firm_id: integer().notNull().default(0),
    classify_id: integer().notNull().default(0),
    classify2_id: integer().notNull().default(0),
    pclassify_id: integer().notNull().default(0),
    name: varchar({ length: 255 }).notNull().default(''),
    is_long_time: smallint().notNull().default(1),
    class: smallint().notNull().default(0),
    buy_type: smallint().notNull().default(1),
    pay_type: integer().notNull().default(0),
    attr: smallint().notNull().default(0),
    pdf_url: varchar({ length: 255 }).notNull().default(''),
    company_no: varchar({ length: 255 }).notNull().default(''),
    no: varchar({ length: 255 }).notNull().default(''),
    status: smallint().notNull().default(1),
    issue_at: timestamp({ withTimezone: true }),
    stop_at: date({ mode: 'string' }),
    poster: varchar({ length: 255 }).notNull().default(''),
    ...timestamps,
  },
  (t) => {
    const live = sql`deleted_at is null`
    return [
      uniqueIndex('products_uid_unique').on(t.uid).where(sql`deleted_at is null and uid <> ''`),
      index('products_live_id_idx').on(t.id).where(live),
      index('products_firm_id_id_idx').on(t.firm_id, t.id).where(live),
      index('products_status_id_idx').on(t.status, t.id).where(live),
      index('products_classify_id_id_idx').on(t.classify_id, t.id).where(live),
      index('products_classify2_id_id_idx').on(t.classify2_id, t.id).where(live),
      index('products_pclassify_id_id_idx').on(t.pclassify_id, t.id).where(live),
      // Every sortable column sorts from an index (the id breaks ties, as the list orders by it).
      index('products_issue_at_id_idx').on(t.issue_at, t.id).where(live),
      index('products_stop_at_id_idx').on(t.stop_at, t.id).where(live),
      index('products_created_at_id_idx').on(t.created_at, t.id).where(live),
      index('products_updated_at_id_idx').on(t.updated_at, t.id).where(live),
      // The keyword box and the text filters (ILIKE '%…%'; see docs/decisions/resource-engine.md).
      ...textSearchIndexes('products', [t.name, t.uid, t.no, t.company_no]),
      // The file manager's "where is this file used" (modules/uploads/find-upload-uses.ts).
      index('products_poster_idx').on(t.poster).where(sql`poster <> ''`),
      index('products_pdf_url_idx').on(t.pdf_url).where(sql`pdf_url <> ''`),
    ]
  },
)

export const productYear = pgTable(
  'product_year',
  {
    id: serialId(),
    product_id: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    year_id: integer()
      .notNull()
      .references(() => years.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('product_year_product_id_year_id_unique').on(t.product_id, t.year_id),
    index('product_year_year_id_idx').on(t.year_id),
  ],
)
