/**
 * The requests a page asks at start, asked again at the next visit of the same address by
 * index.html's inline script before the app's code has loaded (see `<script data-boot>` there).
 *
 * Without it a cold list waits for its chunks before asking for the session, then for the session
 * before the menu, then for the menu before its rows; and on HTTP/1.1 the first API call queues
 * behind the chunks. The script asks for them at once, and `send` uses an answer it finds here for the
 * same address, URL and language instead of asking again. Only a page whose request carried a session
 * cookie does so (the server's hint), and logging out forgets every address.
 */

/** Where the addresses' start-up requests are kept (read by index.html's script: keep the names). */
export const BOOT_KEY = 'bd-boot'
/** An address's requests are those sent at start until none came for this long. */
const QUIET_MS = 1000
const MAX_URLS = 10
const MAX_ADDRESSES = 20
/** Calls that change or hand out state of their own: never asked ahead. */
const NEVER_AHEAD = /\/open\/(token|client-id)(\?|$)/

interface BootRecord {
  language: string
  urls: string[]
}

interface BootAnswers {
  language: string
  answers: Record<string, Promise<Response> | undefined>
}

declare global {
  interface Window {
    /** Left by index.html's boot script: the answers it asked for, by URL. */
    __bdBoot?: BootAnswers
  }
}

const address = () => window.location.pathname + window.location.search
/** The address the page started on: answers asked ahead are for it, and only for a while. */
const startAddress = address()
const FRESH_MS = 15_000

let recording: { address: string; language: string; urls: string[]; timer?: number } | undefined = {
  address: startAddress,
  language: '',
  urls: [],
}

function keptRecords(): Record<string, BootRecord> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(BOOT_KEY) ?? '{}')
    return value && typeof value === 'object' ? (value as Record<string, BootRecord>) : {}
  } catch {
    return {}
  }
}

function save(): void {
  const done = recording
  recording = undefined
  if (!done || done.urls.length === 0) return
  const records = keptRecords()
  delete records[done.address]
  records[done.address] = { language: done.language, urls: done.urls }
  const addresses = Object.keys(records)
  for (const old of addresses.slice(0, Math.max(addresses.length - MAX_ADDRESSES, 0))) delete records[old]
  try {
    localStorage.setItem(BOOT_KEY, JSON.stringify(records))
  } catch {
    // Storage full or refused: the next visit asks in the usual order.
  }
}

// A page left before its start went quiet keeps what it asked so far.
window.addEventListener('pagehide', save)

/**
 * Notes a GET sent while the page starts: the first requests of an address, until a second passes
 * without one or the address changes, are what its next visit asks for ahead.
 */
export function recordBootRequest(url: string, language: string): void {
  if (!recording) return
  if (address() !== recording.address) {
    recording = undefined
    return
  }
  if (NEVER_AHEAD.test(url) || recording.urls.length >= MAX_URLS) return
  if (!recording.urls.includes(url)) recording.urls.push(url)
  recording.language ||= language
  window.clearTimeout(recording.timer)
  recording.timer = window.setTimeout(save, QUIET_MS)
}

/**
 * The answer the boot script asked for this URL, once: only in the language the app asks in now (the
 * server translates what it answers), and only while the page is still starting — on the address it
 * started on, in its first seconds, before any write — so an answer is never older than what the app
 * itself would have asked for.
 */
export function takeBootAnswer(url: string, language: string): Promise<Response> | undefined {
  const boot = window.__bdBoot
  const answer = boot?.answers[url]
  if (!boot || !answer) return undefined
  boot.answers[url] = undefined
  const starting = address() === startAddress && performance.now() < FRESH_MS
  return starting && boot.language === language ? answer : undefined
}

/** Drops the answers asked ahead that the app has not used: a write may have changed them. */
export function dropBootAnswers(): void {
  window.__bdBoot = undefined
}

/** Forgets every address's start-up requests (at logout: they are the user's). */
export function forgetBootRequests(): void {
  recording = undefined
  try {
    localStorage.removeItem(BOOT_KEY)
  } catch {
    // nothing kept
  }
}
