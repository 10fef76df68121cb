/** Fields any answer may carry (SPEC §7 "Response fields read"). */
export interface AnswerExtras {
  alert?: AlertMessage
  redirect?: string
  force_logout?: boolean
  _token?: string
}

export const ALERT_TYPES = ['default', 'primary', 'success', 'info', 'danger', 'warning'] as const
export type AlertType = (typeof ALERT_TYPES)[number]

/** SPEC §3 "Alert message". */
export interface AlertMessage {
  show?: boolean
  duration?: number
  title?: string
  message: string
  type?: AlertType
  position?: string
  iconClass?: string
  customClass?: string
  showClose?: boolean
}

/** The body of every error answer; 422 adds `errors` keyed by field. */
export interface ErrorBody extends AnswerExtras {
  message: string
  code: string
  errors?: Record<string, string[]>
}

/** A list page (DESIGN "wire contract"). */
export interface ListPage<T> {
  data: T[]
  current_page: number
  per_page: number
  last_page: number
  /** The exact number of rows, when counted (`get_count=1`, or no page given). */
  total?: number
  /** Otherwise about how many rows match, known at once (the planner's estimate or a small exact count). */
  total_estimate?: number
  /** Whether total_estimate is the exact number. */
  total_exact?: boolean
}

/** An export page (SPEC §7). */
export interface ExportPage<T> {
  data: T[]
  current_page: number
  last_page: number
  max_id: number
}

/**
 * An export page asked for with `layout=arrays`: each row an array of the values of `columns` (the
 * export fields, in order), which is about half the JSON of row objects to make, send and read.
 */
export interface ExportTablePage extends ExportPage<unknown[]> {
  columns: string[]
}

export const ALERT_DURATION_MS = 3000
export const TOKEN_FIRST_REFRESH_MS = 1500
export const TOKEN_REFRESH_INTERVAL_MS = 7_200_000
export const CHUNK_LOAD_TIMEOUT_MS = 120_000
export const LONG_COOKIE_DAYS = 3650
