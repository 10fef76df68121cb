import { sql } from 'drizzle-orm'
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { users } from './identity'

const id = () => bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity()
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()

/** One row per failed login: what was typed as the account (normalised) and where from. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    account: varchar({ length: 255 }).notNull(),
    ip: varchar({ length: 100 }).notNull().default(''),
    created_at: createdAt(),
  },
  (t) => [
    index('login_attempts_account_created_at_idx').on(t.account, t.created_at),
    index('login_attempts_ip_created_at_idx').on(t.ip, t.created_at),
    index('login_attempts_created_at_idx').on(t.created_at),
  ],
)

/**
 * A slider captcha challenge. `x` is the answer; once solved it carries the hash of the one-time
 * ticket that login, registration and code sending accept.
 */
export const captchas = pgTable(
  'captchas',
  {
    id: varchar({ length: 64 }).primaryKey(),
    x: smallint().notNull(),
    y: smallint().notNull(),
    attempts: smallint().notNull().default(0),
    ip: varchar({ length: 100 }).notNull().default(''),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    solved_at: timestamp({ withTimezone: true }),
    ticket_hash: text(),
    ticket_expires_at: timestamp({ withTimezone: true }),
    used_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('captchas_ticket_hash_unique').on(t.ticket_hash).where(sql`ticket_hash is not null`),
    index('captchas_expires_at_idx').on(t.expires_at),
    index('captchas_ip_created_at_idx').on(t.ip, t.created_at),
  ],
)

/**
 * A code sent by SMS or e-mail. purpose: register | reset_password; channel: sms | mail.
 * `recipient` is the normalised mobile number or lower-cased address; only an HMAC of the code is kept.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    purpose: varchar({ length: 30 }).notNull(),
    channel: varchar({ length: 10 }).notNull(),
    recipient: varchar({ length: 255 }).notNull(),
    code_hash: text().notNull(),
    attempts: smallint().notNull().default(0),
    ip: varchar({ length: 100 }).notNull().default(''),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('verification_codes_recipient_created_at_idx').on(t.recipient, t.created_at)],
)

/**
 * Every text message handed to the SMS provider. The content is kept only where it may be read:
 * outside production; in production the code in it is masked.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    mobile: varchar({ length: 20 }).notNull(),
    content: text().notNull(),
    provider: varchar({ length: 20 }).notNull(),
    status: varchar({ length: 10 }).notNull(),
    error: text(),
    created_at: createdAt(),
  },
  (t) => [index('sms_outbox_mobile_created_at_idx').on(t.mobile, t.created_at)],
)

/** Every e-mail sent: the SMTP ones without a body, the log transport's with it (never in production). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    recipient: varchar({ length: 255 }).notNull(),
    subject: varchar({ length: 255 }).notNull(),
    body: text(),
    transport: varchar({ length: 10 }).notNull(),
    status: varchar({ length: 10 }).notNull(),
    error: text(),
    message_id: varchar({ length: 255 }),
    created_at: createdAt(),
  },
  (t) => [index('mail_outbox_recipient_created_at_idx').on(t.recipient, t.created_at)],
)

/**
 * A third-party login in progress, between the redirect to the provider and its callback.
 * `browser_hash` binds it to the browser that started it (HttpOnly cookie).
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    state: varchar({ length: 100 }).primaryKey(),
    provider: varchar({ length: 40 }).notNull(),
    code_verifier: text().notNull(),
    nonce: text().notNull(),
    browser_hash: text().notNull(),
    redirect_uri: text().notNull(),
    return_to: text().notNull().default(''),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index('oauth_states_expires_at_idx').on(t.expires_at)],
)

/**
 * A third-party identity no account is bound to yet: the SPA creates an account for it or binds it
 * to an existing one with this short-lived, single-use ticket (only its hash is kept).
 */
export const oauthBindings = pgTable(
  'oauth_bindings',
  {
    id: id(),
    ticket_hash: text().notNull(),
    provider: varchar({ length: 40 }).notNull(),
    type: smallint().notNull(),
    open_id: varchar({ length: 255 }).notNull(),
    profile: jsonb().$type<Record<string, unknown>>().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('oauth_bindings_ticket_hash_unique').on(t.ticket_hash),
    index('oauth_bindings_expires_at_idx').on(t.expires_at),
  ],
)

/** The one-time recovery codes of a user's second factor: only an HMAC of each is kept. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: id(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text().notNull(),
    used_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('totp_recovery_codes_user_id_idx').on(t.user_id)],
)

/**
 * The passwords an account has had (their argon2id hashes), newest last: the password policy refuses
 * the last N. A trigger on users writes a row whenever a password is set, whatever path sets it.
 */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: id(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    password: varchar({ length: 255 }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index('password_history_user_id_id_idx').on(t.user_id, t.id)],
)
