import type { z } from 'zod'

// Apart from the rules: wording an issue needs no zod at run time, so a page that only words issues
// (the SPA's form rules, before a form's schema loads) does not load zod for it.

export interface IssueDescription {
  /** The translation key. */
  key: string
  /** Values for the message: min, max, length, ... */
  params: Record<string, string | number>
}

/** How a zod issue is worded: its key and the numbers the message needs. */
export function describeIssue(issue: z.core.$ZodIssue): IssueDescription {
  const [key, query] = issue.message.split('?')
  if (!key.startsWith('validations.messages.')) return { key: 'validations.messages.default', params: {} }
  const params: Record<string, string | number> = {}
  if (issue.code === 'too_small') params.min = Number(issue.minimum)
  if (issue.code === 'too_big') params.max = Number(issue.maximum)
  for (const pair of (query ?? '').split('&').filter(Boolean)) {
    const [name, value] = pair.split('=')
    params[name] = Number(value)
  }
  return { key, params }
}
