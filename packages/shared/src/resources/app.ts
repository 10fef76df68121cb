import { z } from 'zod'
import { isIp } from '../validation/patterns'
import { idField, timestampFields } from './common-fields'
import { defineResource, optionsOf, type RecordOf } from './define-resource'
import { message, optionalText, optionCode, reference, requiredText } from './field-rules'

/** The owner's switch of an app. */
export const APP_STATUS = optionsOf('apps', 'status', { 1: 'on', 0: 'off' })
/** The administrators' decision on an app: only an approved app with a granted role gets tokens. */
export const APP_REVIEW = optionsOf('apps', 'review', { 0: 'pending', 1: 'approved', 2: 'disabled' })
export const APP_REVIEW_CODE = { pending: 0, approved: 1, disabled: 2 } as const

/** The most addresses or ranges an app's allowlist may hold. */
export const APP_ALLOWED_IPS_MAX = 50
/** How long an app's bearer token lives, in seconds. */
export const APP_TOKEN_LIFETIME_S = 7200
/** Every app token starts with this, so the server tells it from a person's session token at a glance. */
export const APP_TOKEN_PREFIX = 'apt_'
/** The most apps one user may have. */
export const APPS_PER_USER_MAX = 20

/** An IPv4 or IPv6 address, or a CIDR range of one (`10.0.0.0/8`, `2001:db8::/32`). */
export function isIpOrCidr(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/')
  if (rest.length > 0 || !isIp(address)) return false
  if (prefix === undefined) return true
  if (!/^\d{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (address.includes(':') ? 128 : 32)
}

/**
 * An allowlist as a text of addresses and CIDR ranges separated by new lines, commas or spaces;
 * stored one a line without duplicates. Empty: any address.
 */
export const allowedIps = () =>
  z
    .string(message('string'))
    .max(4000, message('max', { max: 4000 }))
    .transform((v) => [...new Set(v.split(/[\s,]+/).filter(Boolean))])
    .refine((list) => list.every(isIpOrCidr), message('ip'))
    .refine(
      (list) => list.length <= APP_ALLOWED_IPS_MAX,
      message('array_length', { min: 0, max: APP_ALLOWED_IPS_MAX }),
    )
    .transform((list) => list.join('\n'))
    .default('')

/**
 * API client applications as administrators see them (/admin/apps): they approve or disable an app
 * and grant it a role; the owner's fields are read-only here.
 */
export const appResource = defineResource({
  name: 'apps',
  fields: {
    id: idField,
    name: { type: 'string', list: true, filter: 'like' },
    description: { type: 'string' },
    client_id: { type: 'string', list: true, filter: 'equals' },
    user_id: { type: 'integer' },
    owner_name: { type: 'string', list: true, export: false },
    allowed_ips: { type: 'string', list: true },
    status: { type: 'integer', options: APP_STATUS, list: true, filter: 'equals' },
    review: {
      type: 'integer',
      input: 'radio',
      rule: optionCode(APP_REVIEW),
      default: APP_REVIEW_CODE.pending,
      options: APP_REVIEW,
      list: true,
      sortable: true,
      filter: 'equals',
    },
    role_id: {
      type: 'integer',
      input: 'tree-select',
      rule: reference(),
      default: 0,
      options: { resource: 'roles', tree: true },
      filter: 'equals',
    },
    role_name: { type: 'string', list: true, export: false },
    ...timestampFields,
  },
  filters: { keyword: { kind: 'keyword', fields: ['name', 'client_id'] } },
  actions: ['list', 'show', 'update', 'delete'],
  refine: (value, ctx) => {
    if (value.review === APP_REVIEW_CODE.approved && !(Number(value.role_id) > 0)) {
      ctx.addIssue({ code: 'custom', path: ['role_id'], ...message('required') })
    }
  },
})

export type TAdminApp = RecordOf<typeof appResource.fields>

/** POST /home/apps and PUT /home/apps/{id}: what the owner edits. */
export const ZAppInput = z.object({
  name: requiredText(50),
  description: optionalText(255),
  allowed_ips: allowedIps(),
  status: optionCode(APP_STATUS).default(1),
})
export type TAppInput = z.input<typeof ZAppInput>

/** An app as its owner sees it (never the secret, which is shown once). */
export interface TOwnApp {
  id: number
  name: string
  description: string
  client_id: string
  allowed_ips: string
  status: number
  review: number
  role_name: string
  secret_rotated_at: string
  created_at: string
  updated_at: string
}

/** The answer of creating an app or rotating its secret: the secret, this once. */
export interface TAppSecretAnswer {
  app: TOwnApp
  secret: string
}

/** POST /open/apps/token: client-credentials style. */
export const ZAppTokenInput = z.object({
  grant_type: z.literal('client_credentials', message('in')).default('client_credentials'),
  client_id: requiredText(40),
  client_secret: requiredText(100),
})
export type TAppTokenInput = z.input<typeof ZAppTokenInput>

export interface TAppTokenAnswer {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
}
