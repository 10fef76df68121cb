/** Browsers by the token of their user agent, the more specific first (Edge and Opera say Chrome too). */
const BROWSERS: Array<[string, RegExp]> = [
  ['WeChat', /MicroMessenger\/([\d.]+)/],
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /(?:OPR|Opera)\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari\//],
]

const SYSTEMS: Array<[string, RegExp]> = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux|X11/],
]

/**
 * "Chrome 131 · Windows" from a user agent: the browser with its major version and the system;
 * a client that is no known browser is shown by the start of what it sent (an API client, curl).
 */
export function describeBrowser(userAgent: string): string {
  if (!userAgent) return ''
  const browser = BROWSERS.find(([, pattern]) => pattern.test(userAgent))
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0]
  if (!browser) return userAgent.slice(0, 40)
  const version = userAgent.match(browser[1])?.[1]?.split('.')[0]
  const name = version ? `${browser[0]} ${version}` : browser[0]
  return system ? `${name} · ${system}` : name
}
