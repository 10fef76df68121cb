import { z } from 'zod'
import { MAX_INTEGER } from '../validation/limits'
import { idField, nameField, timestampFields } from './common-fields'
import { defineResource, optionsOf, type RecordOf } from './define-resource'
import { idList, message, optionalText, optionCode, reference, requiredText } from './field-rules'

export const MESSAGE_AUDIENCE = optionsOf('messages', 'audience', { 1: 'all', 2: 'role', 3: 'users' })
export const AUDIENCE = { all: 1, role: 2, users: 3 } as const

/** The most characters a message's content may have (HTML, before sanitizing). */
export const MESSAGE_CONTENT_MAX = 65_535

/**
 * Messages administrators write (the message centre): to all users, to the holders of a role or to
 * chosen users. `content` is rich text, kept as sanitized HTML; the counts say how many recipients
 * there are and how many of them read it.
 */
export const messageResource = defineResource({
  name: 'messages',
  fields: {
    id: idField,
    title: nameField(255),
    content: {
      type: 'string',
      input: 'rich-text',
      rule: requiredText(MESSAGE_CONTENT_MAX),
      required: true,
      export: false,
    },
    audience: {
      type: 'integer',
      input: 'radio',
      rule: optionCode(MESSAGE_AUDIENCE),
      default: AUDIENCE.all,
      options: MESSAGE_AUDIENCE,
      list: true,
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
    user_ids: {
      type: 'integer[]',
      input: 'multi-select',
      rule: idList(),
      default: [],
      options: { resource: 'users' },
    },
    /** The author. */
    user_id: { type: 'integer', filter: 'equals' },
    author_name: { type: 'string', list: true, export: false },
    recipients_count: { type: 'integer', list: true, export: false },
    reads_count: { type: 'integer', list: true, export: false },
    ...timestampFields,
  },
  filters: { keyword: { kind: 'keyword', fields: ['title'] } },
  actions: ['list', 'export', 'show', 'create', 'update', 'delete'],
  refine: (value, ctx) => {
    if (value.audience === AUDIENCE.role && !(Number(value.role_id) > 0)) {
      ctx.addIssue({ code: 'custom', path: ['role_id'], ...message('required') })
    }
    // On an update that leaves the recipients out, the server checks the stored ones.
    const users = value.user_ids
    if (
      value.audience === AUDIENCE.users &&
      users !== undefined &&
      !(Array.isArray(users) && users.length > 0)
    ) {
      ctx.addIssue({ code: 'custom', path: ['user_ids'], ...message('required') })
    }
  },
})

export type TMessage = RecordOf<typeof messageResource.fields>

/** The most accounts one answer of GET /admin/messages/recipients lists. */
export const RECIPIENTS_LIMIT = 20

/**
 * GET /admin/messages/recipients: live accounts whose name, account name, e-mail or mobile number
 * starts with `keyword`, and the accounts of `ids` (the chosen ones, so a form can label them).
 */
export const ZRecipientsQuerySchema = z.object({
  keyword: optionalText(50),
  ids: idList(),
})
export type TRecipientsQuery = z.infer<typeof ZRecipientsQuerySchema>

/** One message of a user's inbox; `read_at` is null while unread. */
export interface TInboxMessage {
  id: number
  title: string
  created_at: string
  read_at: string | null
  author_name: string
}

/** A message opened in the inbox, with its (sanitized HTML) content. */
export interface TInboxMessageDetail extends TInboxMessage {
  content: string
}

/** GET /home/messages: a page of the caller's messages, newest first; `unread=1` lists the unread only. */
export const ZInboxQuerySchema = z.object({
  page: z.coerce.number(message('integer')).int(message('integer')).min(1).max(1_000_000).default(1),
  per_page: z.coerce.number(message('integer')).int(message('integer')).min(1).max(100).default(15),
  unread: z.enum(['0', '1']).optional(),
})
export type TInboxQuery = z.infer<typeof ZInboxQuerySchema>

/** POST /home/messages/read: these messages, or every message of the caller (`all`). */
export const ZMarkReadInputSchema = z.union([
  z.object({
    ids: z
      .array(
        z
          .number(message('integer'))
          .int()
          .positive()
          .max(MAX_INTEGER, message('max_value', { max: MAX_INTEGER })),
      )
      .min(1)
      .max(1000),
  }),
  z.object({ all: z.literal(true) }),
])
export type TMarkReadInput = z.infer<typeof ZMarkReadInputSchema>
