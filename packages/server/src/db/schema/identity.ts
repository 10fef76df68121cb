import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { nestedSet, serialId, sortIndexes, textSearchIndexes, timestamps } from './columns'
import { menus } from './menus'

/**
 * Organisation units: head office → branch → department, a nested set. An account and a back-office
 * user belong to one (`department_id`, 0: none); a role's data scope is drawn from them.
 * status: 1-enabled, 0-disabled.
 */
export const departments = pgTable(
  'departments',
  {
    id: serialId(),
    name: varchar({ length: 60 }).notNull().default(''),
    leader: varchar({ length: 50 }).notNull().default(''),
    phone: varchar({ length: 20 }).notNull().default(''),
    order: integer().notNull().default(0),
    status: smallint().notNull().default(1),
    ...nestedSet,
    ...timestamps,
  },
  (t) => [
    index('departments_parent_id_idx').on(t.parent_id),
    index('departments_left_margin_idx').on(t.left_margin),
    ...sortIndexes('departments', t.id, [t.order, t.status, t.level, t.created_at, t.updated_at]),
  ],
)

/** status: 0-cancelled, 1-effective, 2-stopped. */
export const users = pgTable(
  'users',
  {
    id: serialId(),
    uname: varchar({ length: 20 }).notNull().default(''),
    password: varchar({ length: 255 }).notNull().default(''),
    name: varchar({ length: 50 }).notNull().default(''),
    nickname: varchar({ length: 50 }).notNull().default(''),
    avatar: varchar({ length: 255 }).notNull().default(''),
    email: varchar({ length: 100 }).notNull().default(''),
    mobile_phone: varchar({ length: 20 }).notNull().default(''),
    remember_token: varchar({ length: 100 }).notNull().default(''),
    status: smallint().notNull().default(1),
    email_verified_at: timestamp({ withTimezone: true }),
    description: text(),
    signature: varchar({ length: 255 }).notNull().default(''),
    province_id: integer().notNull().default(0),
    city_id: integer().notNull().default(0),
    zone_id: integer().notNull().default(0),
    province_name: varchar({ length: 50 }).notNull().default(''),
    city_name: varchar({ length: 50 }).notNull().default(''),
    zone_name: varchar({ length: 50 }).notNull().default(''),
    address: varchar({ length: 255 }).notNull().default(''),
    lng: numeric({ precision: 10, scale: 7, mode: 'number' }),
    lat: numeric({ precision: 10, scale: 7, mode: 'number' }),
    /** When the password was last set (a trigger keeps it): the password policy's expiry counts from it. */
    password_changed_at: timestamp({ withTimezone: true }),
    /** The TOTP secret (RFC 6238), sealed with a key derived from the app key; null: no second factor. */
    totp_secret: text(),
    /** A secret being enrolled, until a code of it turns two-factor login on. */
    totp_pending_secret: text(),
    totp_enabled_at: timestamp({ withTimezone: true }),
    /** The time step of the last code accepted: a code is good once. */
    totp_last_step: bigint({ mode: 'number' }).notNull().default(0),
    /** The organisation unit (0: none). */
    department_id: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_uname_unique').on(t.uname).where(sql`deleted_at is null and uname <> ''`),
    uniqueIndex('users_email_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`deleted_at is null and email <> ''`),
    uniqueIndex('users_mobile_phone_unique')
      .on(t.mobile_phone)
      .where(sql`deleted_at is null and mobile_phone <> ''`),
    index('users_name_idx').on(t.name),
    // The file manager's "where is this file used" (modules/uploads/find-upload-uses.ts).
    index('users_avatar_idx').on(t.avatar).where(sql`avatar <> ''`),
    // A scoped administrator's lists: the accounts of their units, newest first.
    index('users_department_id_id_idx').on(t.department_id, t.id).where(sql`deleted_at is null`),
    // Prefix search of the accounts an admin record can bind (`lower(x) like 'abc%'`): pattern_ops
    // indexes serve a prefix LIKE whatever the database collation is.
    index('users_uname_prefix_idx')
      .on(sql`lower(${t.uname}) text_pattern_ops`)
      .where(sql`deleted_at is null`),
    index('users_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`).where(sql`deleted_at is null`),
    index('users_email_prefix_idx')
      .on(sql`lower(${t.email}) text_pattern_ops`)
      .where(sql`deleted_at is null`),
    index('users_mobile_phone_prefix_idx')
      .on(sql`${t.mobile_phone} text_pattern_ops`)
      .where(sql`deleted_at is null`),
    ...sortIndexes('users', t.id, [t.status, t.created_at, t.updated_at]),
    // The keyword box (anywhere in the account name, name, nickname, e-mail or phone).
    ...textSearchIndexes('users', [t.uname, t.name, t.nickname, t.email, t.mobile_phone]),
  ],
)

/** Third-party logins; type: 1-qq, 2-weixin, 3-weibo. */
export const ousers = pgTable(
  'ousers',
  {
    id: serialId(),
    user_id: integer().notNull().default(0),
    type: smallint().notNull().default(0),
    open_id: varchar({ length: 255 }).notNull().default(''),
    data: jsonb(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('ousers_type_open_id_unique').on(t.type, t.open_id).where(sql`deleted_at is null`),
    index('ousers_user_id_idx').on(t.user_id),
  ],
)

export const admins = pgTable(
  'admins',
  {
    id: serialId(),
    user_id: integer().notNull().default(0),
    /** The organisation unit the administrator works for, which their roles' data scope is drawn from. */
    department_id: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('admins_department_id_idx').on(t.department_id),
    uniqueIndex('admins_user_id_unique').on(t.user_id).where(sql`deleted_at is null`),
    ...sortIndexes('admins', t.id, [t.created_at, t.updated_at]),
  ],
)

export const roles = pgTable(
  'roles',
  {
    id: serialId(),
    tmp_id: integer().notNull().default(0),
    name: varchar({ length: 255 }).notNull().default(''),
    is_tmp: smallint().notNull().default(0),
    description: text(),
    /** Whose records its holders see: all, unit_and_below, unit or self (the widest of a holder's roles). */
    data_scope: varchar({ length: 20 }).notNull().default('all'),
    ...nestedSet,
    ...timestamps,
  },
  (t) => [
    index('roles_parent_id_idx').on(t.parent_id),
    index('roles_left_margin_idx').on(t.left_margin),
    ...sortIndexes('roles', t.id, [t.level, t.created_at, t.updated_at]),
  ],
)

export const adminRole = pgTable(
  'admin_role',
  {
    admin_id: integer()
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    role_id: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    created_at: timestamps.created_at,
  },
  (t) => [primaryKey({ columns: [t.admin_id, t.role_id] }), index('admin_role_role_id_idx').on(t.role_id)],
)

export const menuRole = pgTable(
  'menu_role',
  {
    role_id: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menu_id: integer()
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    created_at: timestamps.created_at,
  },
  (t) => [primaryKey({ columns: [t.role_id, t.menu_id] }), index('menu_role_menu_id_idx').on(t.menu_id)],
)

/** A login session; only the hash of its token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text().notNull(),
    remember: boolean().notNull().default(false),
    /** The account as it logged in (account name, else e-mail or mobile number): the sessions list searches it. */
    account: varchar({ length: 100 }).notNull().default(''),
    ip: varchar({ length: 100 }).notNull().default(''),
    /** The place of the IP address (offline database), found at login. */
    location: varchar({ length: 150 }).notNull().default(''),
    user_agent: text().notNull().default(''),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    ended_at: timestamp({ withTimezone: true }),
    end_reason: text(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.token_hash),
    index('sessions_user_id_idx').on(t.user_id),
    index('sessions_expires_at_idx').on(t.expires_at),
    // The live sessions list, newest first (the online sessions page).
    index('sessions_live_created_at_idx').on(t.created_at, t.id).where(sql`ended_at is null`),
    index('sessions_live_last_used_at_idx').on(t.last_used_at, t.id).where(sql`ended_at is null`),
  ],
)

/** Keys the server generates for itself (e.g. APP_KEY outside production). */
export const appSecrets = pgTable('app_secrets', {
  key: text().primaryKey(),
  value: text().notNull(),
  created_at: timestamps.created_at,
})
