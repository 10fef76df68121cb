import {
  CONTACT_STATUS_CODE,
  isEmailContact,
  type Language,
  type TContactReplyInput,
} from '@brokerdesk/shared'
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { contactMessages } from '../../db/schema/index'
import { notFound } from '../../errors'
import { pickLanguage, translate } from '../../i18n/translate'
import { sendMail } from '../../mail/send-mail'
import { contextOf } from '../../resource/context'
import { invalidFields } from '../../resource/field-errors'
import { runWrite } from '../../resource/run-write'

type ContactRow = typeof contactMessages.$inferSelect

/** The answer as the visitor reads it, in their language: the reply, then their own message quoted. */
function replyText(language: Language, row: ContactRow, reply: string): string {
  const quoted = row.content
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')
  const intro = translate(language, 'contact.reply_quote', {
    name: row.name,
    date: row.created_at.toISOString().slice(0, 10),
  })
  return `${reply}\n\n${intro}\n${quoted}\n`
}

/**
 * E-mails an administrator's answer to the visitor who left the message (422 when they left a phone
 * number rather than an address), then marks it answered, keeping the reply, in one logged write.
 */
export async function replyToContactMessage(request: FastifyRequest, id: number, input: TContactReplyInput) {
  const { server } = request
  const [row] = await server.db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.deleted_at)))
  if (!row) throw notFound()
  if (!isEmailContact(row.contact)) {
    throw invalidFields(request.language, [{ field: 'contact', key: 'contact.no_email' }])
  }
  const language = pickLanguage(row.language, server.config.defaultLanguage)
  await sendMail(server, request.log, {
    to: row.contact,
    subject: translate(language, 'contact.reply_subject', { app: server.config.name }),
    text: replyText(language, row, input.reply),
  })
  const ctx = contextOf(request)
  return runWrite(ctx, { id, ...input }, async (tx) => {
    const [updated] = await tx
      .update(contactMessages)
      .set({
        status: CONTACT_STATUS_CODE.answered,
        reply: input.reply,
        replied_at: new Date(),
        replied_by: ctx.userId,
      })
      .where(eq(contactMessages.id, id))
      .returning({ status: contactMessages.status, replied_at: contactMessages.replied_at })
    return updated
  })
}
