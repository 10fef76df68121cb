const DAY_MS = 86_400_000

/** Reads a cookie readable by scripts; '' when absent. */
export function getCookie(name: string, doc: Document = document): string {
  for (const part of doc.cookie.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() !== name) continue
    const raw = part.slice(eq + 1).trim()
    try {
      return decodeURIComponent(raw)
    } catch {
      return raw
    }
  }
  return ''
}

/** Sets a cookie on path /; `days` 0 removes it. */
export function setCookie(name: string, value: string, days: number, doc: Document = document): void {
  const expires = new Date(Date.now() + days * DAY_MS).toUTCString()
  const maxAge = Math.round(days * 86_400)
  doc.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; max-age=${maxAge}; path=/; SameSite=Lax`
}

export function removeCookie(name: string, doc: Document = document): void {
  setCookie(name, '', 0, doc)
}
