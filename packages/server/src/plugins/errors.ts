import { describeIssue, type ErrorBody, type Language } from '@brokerdesk/shared'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { isDatabaseUnavailable, isStatementTimeout } from '../db/database-unavailable'
import { AppError } from '../errors'
import { translate } from '../i18n/translate'

type Issue = {
  keyword?: string
  instancePath: string
  message?: string
  params?: Record<string, unknown>
}

function fieldOf(issue: Issue): string {
  return issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_'
}

/** A field's label: `fields.{name}` in the caller's language, or the raw name (SPEC §5). */
export function fieldLabel(language: Language, field: string): string {
  const name =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? field
  const key = `fields.${name}`
  const label = translate(language, key)
  return label === key ? name : label
}

/**
 * Words one rule failure: `key` is `validations.messages.{rule}`, possibly carrying `?min=5&max=18`
 * as the shared rules write it. The `min`/`max` messages speak of a `{length}`.
 */
export function ruleMessage(
  language: Language,
  field: string,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const [bare, query] = key.split('?')
  const all: Record<string, string | number> = { ...params }
  for (const pair of (query ?? '').split('&').filter(Boolean)) {
    const [name, value] = pair.split('=')
    all[name] = Number.isNaN(Number(value)) ? value : Number(value)
  }
  if (all.length === undefined) {
    const length = bare.endsWith('.min') ? all.min : bare.endsWith('.max') ? all.max : undefined
    if (length !== undefined) all.length = length
  }
  return translate(language, bare, { ...all, field: fieldLabel(language, field) })
}

/** The zod issue behind a validation error, as fastify-type-provider-zod hands it over. */
function describeValidationIssue(issue: Issue) {
  const zodIssue = {
    ...issue.params,
    code: issue.keyword,
    message: issue.message ?? '',
    path: [],
  } as unknown as z.core.$ZodIssue
  const missing =
    issue.keyword === 'invalid_type' &&
    !issue.message?.startsWith('validations.') &&
    /undefined/.test(issue.message ?? '')
  return missing ? { key: 'validations.messages.required', params: {} } : describeIssue(zodIssue)
}

/**
 * Turns schema-validation issues into `{field: [message]}`, in the caller's language with the field's
 * label; validation stops at the first failure of a field (SPEC §5), so each field gets one message.
 */
function validationErrors(request: FastifyRequest, issues: Issue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of issues) {
    const field = fieldOf(issue)
    if (errors[field]) continue
    const { key, params } = describeValidationIssue(issue)
    errors[field] = [ruleMessage(request.language, field, key, params)]
  }
  return errors
}

/** When a client should try again while the database is out of reach. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5

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
              keys.map((key) =>
                key.startsWith('validations.')
                  ? ruleMessage(lang, field, key, error.params)
                  : translate(lang, key, { field: fieldLabel(lang, field), ...error.params }),
              ),
            ]),
          )
        : undefined
      if (typeof error.extras?.retry_after === 'number') reply.header('retry-after', error.extras.retry_after)
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
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable')
      reply.header('retry-after', UNAVAILABLE_RETRY_AFTER_SECONDS)
      return send(reply, 503, { message: translate(lang, 'errors.unavailable'), code: 'unavailable' })
    }
    if (isStatementTimeout(error)) {
      // DB_STATEMENT_TIMEOUT: no statement holds a connection for long; the caller narrows the search.
      request.log.warn({ err: error }, 'statement timed out')
      return send(reply, 503, { message: translate(lang, 'errors.query_timeout'), code: 'query_timeout' })
    }
    const status = error.statusCode ?? 500
    if (status === 429) {
      return send(reply, 429, {
        message: translate(lang, 'errors.too_many_requests'),
        code: 'too_many_requests',
      })
    }
    if (status === 413) {
      return send(reply, 413, { message: translate(lang, 'errors.too_large'), code: 'bad_request' })
    }
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'bad request')
      return send(reply, status, { message: translate(lang, 'errors.bad_request'), code: 'bad_request' })
    }
    request.log.error({ err: error }, 'unhandled error')
    return send(reply, 500, { message: translate(lang, 'errors.internal'), code: 'internal' })
  })
})
