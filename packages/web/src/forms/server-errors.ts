import { HttpError } from '../api/http'

/** A 422's messages split by where a form shows them. */
export interface ServerErrors {
  /** The first message of each field the form shows. */
  fields: { name: string; errors: string[] }[]
  /** The first message of each field it does not show (or the answer's message when it names none). */
  rest: string[]
}

/**
 * Splits a 422's messages (already in the user's language) between the fields a form shows and the
 * rest, which the form says elsewhere; fields in `ignore` are left out. Other errors answer nothing.
 */
export function splitServerErrors(
  error: unknown,
  shown: ReadonlySet<string>,
  ignore: readonly string[] = [],
): ServerErrors {
  if (!(error instanceof HttpError) || error.status !== 422) return { fields: [], rest: [] }
  const fields: ServerErrors['fields'] = []
  const rest: string[] = []
  for (const [name, messages] of Object.entries(error.errors)) {
    if (ignore.includes(name)) continue
    if (shown.has(name)) fields.push({ name, errors: messages.slice(0, 1) })
    else rest.push(...messages.slice(0, 1))
  }
  const told = fields.length > 0 || rest.length > 0 || Object.keys(error.errors).length > 0
  if (!told && error.message) rest.push(error.message)
  return { fields, rest }
}
