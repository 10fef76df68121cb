import { configIsOn, type Language } from '@brokerdesk/shared'
import { desc, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { passwordHistory } from '../../db/schema/index'
import { invalidFields } from '../../resource/field-errors'
import type { LiveSettings } from '../configs/live-settings'
import { verifyPassword } from './hash-password'

/** The password policy of the settings (issue 24). */
export interface PasswordPolicy {
  minLength: number
  /** How many of the four kinds of characters a password mixes. */
  classes: number
  notAccountName: boolean
  /** A new password may not be one of the account's last this many. */
  history: number
  /** Days a password lasts before it must be changed; 0: for ever. */
  expiryDays: number
}

function whole(value: string | undefined, min: number, max: number, fallback: number): number {
  const number = Number(value)
  return Number.isInteger(number) ? Math.min(max, Math.max(min, number)) : fallback
}

export async function readPasswordPolicy(settings: LiveSettings): Promise<PasswordPolicy> {
  const [minLength, classes, notAccountName, history, expiryDays] = await Promise.all([
    settings.value('password_min_length'),
    settings.value('password_character_classes'),
    settings.value('password_not_account_name'),
    settings.value('password_history'),
    readPasswordExpiryDays(settings),
  ])
  return {
    minLength: whole(minLength, 6, 18, 6),
    classes: whole(classes, 1, 4, 1),
    notAccountName: configIsOn(notAccountName),
    history: whole(history, 0, 24, 0),
    expiryDays,
  }
}

/** The policy's `expiryDays` alone: every request asks whether the caller's password has expired. */
export async function readPasswordExpiryDays(settings: LiveSettings): Promise<number> {
  return whole(await settings.value('password_expiry_days'), 0, 3650, 0)
}

const KINDS = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/]

/** The names of an account a password may not contain: account name, e-mail name, mobile number. */
export interface AccountNames {
  uname?: string
  email?: string
  mobile_phone?: string
}

/** A rule of the policy a password breaks: its message key and parameters. */
export interface PolicyIssue {
  key: string
  params?: Record<string, number>
}

/** The rules a password breaks, history aside. */
export function passwordRuleIssues(
  policy: PasswordPolicy,
  password: string,
  account: AccountNames,
): PolicyIssue[] {
  const issues: PolicyIssue[] = []
  if ([...password].length < policy.minLength)
    issues.push({ key: 'validations.messages.min', params: { min: policy.minLength } })
  const kinds = KINDS.filter((kind) => kind.test(password)).length
  if (kinds < policy.classes)
    issues.push({ key: 'validations.messages.password_classes', params: { classes: policy.classes } })
  if (policy.notAccountName) {
    const lower = password.toLowerCase()
    const names = [account.uname, account.email?.split('@')[0], account.mobile_phone]
      .map((name) => (name ?? '').trim().toLowerCase())
      .filter((name) => name.length >= 3)
    if (names.some((name) => lower.includes(name)))
      issues.push({ key: 'validations.messages.password_account_name' })
  }
  return issues
}

/** Whether the password is one of the account's last `count` passwords. */
async function reusesPassword(db: Db | Tx, userId: number, password: string, count: number) {
  if (count === 0) return false
  const recent = await db
    .select({ password: passwordHistory.password })
    .from(passwordHistory)
    .where(eq(passwordHistory.user_id, userId))
    .orderBy(desc(passwordHistory.id))
    .limit(count)
  for (const row of recent) if (await verifyPassword(row.password, password)) return true
  return false
}

/**
 * Every rule of the policy a new password breaks: length, kinds of characters,
 * the account's names, and (for an existing account) its last passwords. Empty: the password may
 * be set. Each path that sets a password asks this (registration, reset, personal change, an
 * administrator's form and import, third-party account creation, the console).
 */
export async function passwordPolicyIssues(
  db: Db | Tx,
  settings: LiveSettings,
  options: { password: string; account: AccountNames; userId?: number },
): Promise<PolicyIssue[]> {
  const policy = await readPasswordPolicy(settings)
  const issues = passwordRuleIssues(policy, options.password, options.account)
  if (
    options.userId !== undefined &&
    (await reusesPassword(db, options.userId, options.password, policy.history))
  )
    issues.push({ key: 'validations.messages.password_reused', params: { count: policy.history } })
  return issues
}

/**
 * Refuses a new password the policy does not allow: a 422 on `field` (default `password`) naming
 * every rule it breaks, in the caller's language.
 */
export async function assertPasswordPolicy(
  db: Db | Tx,
  settings: LiveSettings,
  language: Language,
  options: { password: string; account: AccountNames; userId?: number; field?: string },
): Promise<void> {
  const issues = await passwordPolicyIssues(db, settings, options)
  const field = options.field ?? 'password'
  if (issues.length > 0)
    throw invalidFields(
      language,
      issues.map((issue) => ({ field, ...issue })),
    )
}

/** Whether a password set at `changedAt` has outlived the policy's expiry. */
export function passwordExpired(
  policy: Pick<PasswordPolicy, 'expiryDays'>,
  changedAt: Date | null,
  now = new Date(),
): boolean {
  if (policy.expiryDays === 0 || !changedAt) return false
  return now.getTime() - changedAt.getTime() > policy.expiryDays * 86_400_000
}
