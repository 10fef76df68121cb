import { index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { serialId, sortIndexes, timestamps } from './columns'

/**
 * Insurance companies.
 * type: bitmask 1-life, 2-property; uname_rule: 0-none, 1-agent number, 2-ID number, 3-phone number;
 * password_rule: 0-none, 1-last 6 digits of ID, 2-fixed value; url_rule: 0-none, 1-account template;
 * service_api: '' or 'guobao'; receipt_tpl_type: 1-pdf template, 2-content template.
 */
export const firms = pgTable(
  'firms',
  {
    id: serialId(),
    name: varchar({ length: 255 }).notNull().default(''),
    full_name: varchar({ length: 255 }).notNull().default(''),
    type: integer().notNull().default(1),
    url: varchar({ length: 255 }).notNull().default(''),
    logo: varchar({ length: 255 }).notNull().default(''),
    uname_rule: smallint().notNull().default(0),
    password_rule: smallint().notNull().default(0),
    default_password: varchar({ length: 255 }).notNull().default(''),
    account_day_by_sign_at: smallint().notNull().default(0),
    account_day_by_end_at: smallint().notNull().default(0),
    url_rule: smallint().notNull().default(0),
    url_rule_tpl: varchar({ length: 255 }).notNull().default(''),
    description: text(),
    order: integer().notNull().default(0),
    account_at_merge: smallint().notNull().default(0),
    service_api: varchar({ length: 50 }).notNull().default(''),
    insure_notify: text(),
    receipt_tpl_type: smallint().notNull().default(1),
    receipt_tpl: text(),
    ...timestamps,
  },
  (t) => [...sortIndexes('firms', t.id, [t.order, t.created_at, t.updated_at])],
)

/** Banks; is_withhold: 0/1, the bank supports withholding. */
export const banks = pgTable(
  'banks',
  {
    id: serialId(),
    name: varchar({ length: 50 }).notNull().default(''),
    full_name: varchar({ length: 50 }).notNull().default(''),
    order: integer().notNull().default(0),
    is_withhold: smallint().notNull().default(0),
    ...timestamps,
  },
  (t) => [...sortIndexes('banks', t.id, [t.order, t.created_at, t.updated_at])],
)

/** The banks an insurance company supports. */
export const bankFirm = pgTable(
  'bank_firm',
  {
    id: serialId(),
    firm_id: integer()
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    bank_id: integer()
      .notNull()
      .references(() => banks.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bank_firm_firm_id_bank_id_unique').on(t.firm_id, t.bank_id),
    index('bank_firm_bank_id_idx').on(t.bank_id),
  ],
)
