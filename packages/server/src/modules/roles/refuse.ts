import type { Language } from '@brokerdesk/shared'
import { AppError } from '../../errors'
import { translateIssues } from '../../resource/field-errors'

/** A 422 whose message is the given key, with the same message under `field`. */
export function refuse(
  language: Language,
  field: string,
  key: string,
  params?: Record<string, string | number>,
) {
  const errors = translateIssues(language, [{ field, key, params: params as Record<string, number> }])
  return new AppError('validation', key, { errors, params })
}
