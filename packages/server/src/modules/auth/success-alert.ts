import type { AlertMessage } from '@brokerdesk/shared'
import type { FastifyRequest } from 'fastify'
import { translate } from '../../i18n/translate'

/** The `alert` of an answer (SPEC §7): a success message in the caller's language. */
export function successAlert(
  request: FastifyRequest,
  key: string,
  params: Record<string, string | number> = {},
): AlertMessage {
  return { show: true, type: 'success', message: translate(request.language, key, params) }
}
