const DAY_MS = 86_400_000

/**
 * The cookies readable by scripts, read once: each read of `document.cookie` asks the browser's
 * network process (a request's headers need three of them). `get` answers '' when one is absent.
 */
export function readCookies(doc: Document = document): { get: (name: string) => string } {
  const text = doc.cookie
  return { get: (name) => cookieIn(text, name) }
}

/** Reads a cookie readable by scripts; '' when absent. */
export function getCookie(name: string, doc: Document = document): string {
  return cookieIn(doc.cookie, name)
}

function cookieIn(text: string, name: string): string {
  for (const part of text.split(';')) {
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
