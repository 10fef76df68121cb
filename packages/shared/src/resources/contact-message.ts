import { z } from 'zod'
import { ZCaptchaTicket } from '../auth'
import { PATTERNS } from '../validation/patterns'
import { idField, timestampFields } from './common-fields'
import { defineResource, optionsOf, type RecordOf } from './define-resource'
import { message, requiredText } from './field-rules'

export const CONTACT_STATUS = optionsOf('contact-messages', 'status', { 0: 'new', 1: 'answered' })
export const CONTACT_STATUS_CODE = { new: 0, answered: 1 } as const

/** The most characters a visitor's message may have. */
export const CONTACT_CONTENT_MAX = 2000

/**
 * What visitors leave through the contact form of the open site: the administrators' inbox.
 * Read-only here; an administrator answers one by e-mail (POST /admin/contact-messages/{id}/reply).
 */
export const contactMessageResource = defineResource({
  name: 'contact-messages',
  fields: {
    id: idField,
    name: { type: 'string', list: true, filter: 'like' },
    contact: { type: 'string', list: true, filter: 'like' },
    content: { type: 'string', list: true },
    status: {
      type: 'integer',
      options: CONTACT_STATUS,
      list: true,
      sortable: true,
      filter: 'equals',
    },
    ip: { type: 'string', list: true, filter: 'like' },
    reply: { type: 'string', nullable: true },
    replied_at: { type: 'datetime', nullable: true },
    replier_name: { type: 'string', export: false },
    ...timestampFields,
  },
  filters: { keyword: { kind: 'keyword', fields: ['name', 'contact', 'content'] } },
  actions: ['list', 'show', 'delete'],
})

export type TContactMessage = RecordOf<typeof contactMessageResource.fields>

/** An e-mail address or a mainland mobile number: how the visitor can be reached. */
const contact = () =>
  requiredText(100).refine((v) => PATTERNS.email.test(v) || PATTERNS.mobile.test(v), message('contact'))

/** POST /open/contact: the contact form, sent after the slider captcha. */
export const ZContactInput = z.object({
  name: requiredText(50),
  contact: contact(),
  content: requiredText(CONTACT_CONTENT_MAX),
  captcha: ZCaptchaTicket,
})
export type TContactInput = z.input<typeof ZContactInput>

/** POST /admin/contact-messages/{id}/reply: the answer e-mailed to the visitor. */
export const ZContactReplyInput = z.object({ reply: requiredText(5000) })
export type TContactReplyInput = z.input<typeof ZContactReplyInput>

/** Whether a visitor's contact is an e-mail address, so that the message can be answered by e-mail. */
export const isEmailContact = (value: string) => PATTERNS.email.test(value)
