/**
 * Text PostgreSQL cannot store: NUL (refused by text and jsonb alike) and UTF-16 surrogates without
 * their partner (not Unicode, refused by jsonb). JSON escapes (`\u0000`, `\ud800`) let both in.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters it finds
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g')

/** NUL or any surrogate: a text without one (nearly every text) is storable, found by a quick test. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters it finds
const MAYBE_UNSTORABLE = /[\u0000\uD800-\uDFFF]/

export const isStorableText = (text: string): boolean =>
  !MAYBE_UNSTORABLE.test(text) || !UNSTORABLE.test(text)

/** The text with each unstorable character replaced by U+FFFD, the replacement character. */
export const toStorableText = (text: string): string =>
  isStorableText(text) ? text : text.replace(UNSTORABLE_ALL, '\uFFFD')

/**
 * The top-level field of the first text or key in a value that PostgreSQL cannot store (`_` when
 * the value is such a text itself), or undefined. Walks with a list rather than recursion, so no
 * nesting can overflow the stack.
 */
export function findUnstorableField(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '_']]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, field] = next
    if (typeof item === 'string') {
      if (!isStorableText(item)) return field
    } else if (item && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        const innerField = field === '_' && !Array.isArray(item) ? key : field
        if (!isStorableText(key)) return field
        pending.push([inner, innerField])
      }
    }
  }
  return undefined
}
