import { removeCookie, setCookie } from '../api/cookies'

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim()
    if (name) removeCookie(name)
  }
}

export function putCookie(name: string, value: string): void {
  setCookie(name, value, 1)
}
