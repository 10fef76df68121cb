/** The range of a PostgreSQL `integer` column: ids, references, sort orders, codes. */
export const MAX_INTEGER = 2_147_483_647
export const MIN_INTEGER = -2_147_483_648

/**
 * Whether JSON text nests objects and arrays deeper than `max`, found in one pass over the text
 * that stops at the first level too deep. Brackets inside strings do not count.
 */
export function exceedsJsonDepth(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') {
        i++ // the next character is escaped
      } else if (c === '"') {
        inString = false
      }
    } else if (c === '"') {
      inString = true
    } else if (c === '[' || c === '{') {
      depth++
      if (depth > max) return true
    } else if (c === ']' || c === '}') {
      depth--
    }
  }
  return false
}
