export interface NavigateOptions {
  replace?: boolean
}
export type Navigator = (to: string, options?: NavigateOptions) => void

/** Until the router registers itself, navigation falls back to a full page load. */
let navigator: Navigator = (to, options) => {
  if (options?.replace) window.location.replace(to)
  else window.location.assign(to)
}

let assignLocation: (url: string) => void = (url) => {
  window.location.href = url
}

/** The router registers its `navigate` here so the HTTP client can move between pages. */
export function setNavigator(next: Navigator): void {
  navigator = next
}

/** Tests replace the full-page redirect. */
export function setLocationAssigner(next: (url: string) => void): void {
  assignLocation = next
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  if (options) navigator(to, options)
  else navigator(to)
}

export function goToUrl(url: string): void {
  assignLocation(url)
}

/** The path of the page the user is on, as sent in the RefererPage header. */
export function currentPath(): string {
  return window.location.pathname
}

export function loginPath(redirect: string = currentPath() + window.location.search): string {
  return `/open/login?redirect=${encodeURIComponent(redirect)}`
}

export function isAbsoluteUrl(url: string): boolean {
  return /^[a-z][a-z\d+.-]*:\/\//i.test(url) || url.startsWith('//')
}
