import type { ErrorBody } from '@brokerdesk/shared'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { AppError } from '../errors'
import { translate } from '../i18n/translate'

type Issue = {
  instancePath: string
  message?: string
  params?: { issue?: { code?: string; path?: PropertyKey[] } }
}

function fieldOf(issue: Issue): string {
  const path = issue.params?.issue?.path
  if (path && path.length > 0) return path.map(String).join('.')
  return issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_'
}

/** Turns schema-validation issues into `{field: [message]}`, the message in the caller's language. */
function validationErrors(request: FastifyRequest, issues: Issue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of issues) {
    const field = fieldOf(issue)
    const missing = issue.params?.issue?.code === 'invalid_type' && /undefined/.test(issue.message ?? '')
    const message = missing
      ? translate(request.language, 'validations.messages.required', { field })
      : (issue.message ?? translate(request.language, 'validations.messages.default', { field }))
    errors[field] = [...(errors[field] ?? []), message]
  }
  return errors
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).send(body)
}

/** The one place that maps errors to answers. Bad input is a 4xx, never a 500. */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = request.language
    if (error instanceof AppError) {
      const errors = error.errors
        ? Object.fromEntries(
            Object.entries(error.errors).map(([field, keys]) => [
              field,
              keys.map((key) => translate(lang, key, { field, ...error.params })),
            ]),
          )
        : undefined
      return send(reply, error.status, {
        message: translate(lang, error.message, error.params),
        code: error.code,
        ...(errors ? { errors } : {}),
        ...error.extras,
      })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 422, {
        message: translate(lang, 'errors.validation'),
        code: 'validation',
        errors: validationErrors(request, error.validation as Issue[]),
      })
    }
    const status = error.statusCode ?? 500
    if (status === 429) {
      return send(reply, 429, {
        message: translate(lang, 'errors.too_many_requests'),
        code: 'too_many_requests',
      })
    }
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'bad request')
      return send(reply, status, { message: translate(lang, 'errors.bad_request'), code: 'bad_request' })
    }
    request.log.error({ err: error }, 'unhandled error')
    return send(reply, 500, { message: translate(lang, 'errors.internal'), code: 'internal' })
  })
})
