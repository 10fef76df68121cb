/** The codes an AppError can carry, and the HTTP status each maps to. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  token_mismatch: 419,
  validation: 422,
  too_many_requests: 429,
  maintenance: 503,
  internal: 500,
  bad_gateway: 502,
} as const
export type ErrorCode = keyof typeof ERROR_STATUS

/**
 * The one error type. `message` is an i18n key (resolved in the request's Language by the error
 * handler) or plain text; `errors` holds per-field message keys for 422.
 */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly errors?: Record<string, string[]>
  readonly params?: Record<string, string | number>
  readonly extras?: Record<string, unknown>

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      errors?: Record<string, string[]>
      params?: Record<string, string | number>
      extras?: Record<string, unknown>
    } = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.errors = options.errors
    this.params = options.params
    this.extras = options.extras
  }

  get status(): number {
    return ERROR_STATUS[this.code]
  }
}

export const notFound = (message = 'errors.not_found') => new AppError('not_found', message)
export const forbidden = (message = 'errors.forbidden') => new AppError('forbidden', message)
export const unauthenticated = (message = 'errors.unauthenticated') =>
  new AppError('unauthenticated', message)
export const validationFailed = (errors: Record<string, string[]>, message = 'errors.validation') =>
  new AppError('validation', message, { errors })
