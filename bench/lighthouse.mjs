// Lighthouse (npm `lighthouse`, performance only) on the site's home, the login page, the admin home
// and a list, logged in where the page needs it, with the desktop and the mobile presets, in Debian's
// Chromium (CHROME_PATH, default /usr/bin/chromium; nothing downloads a browser). Prints a table of
// the performance score, total blocking time, layout shift and largest contentful paint, with the
// reference list page (a bare React + antd Table, bench/reference-list/) beside ours: the absolute
// targets depend on the machine's CPU, and the reference says what antd alone reaches on it. Runs
// are interleaved (a round audits every page once).
//
//   BENCH_PASSWORD=… node bench/lighthouse.mjs [base url]   (default http://127.0.0.1:8080)
//   BENCH_RUNS (default 1): runs per page and preset; the median score's run is printed (of those
//   that finished: a run Lighthouse could not finish is printed with its error)
//   BENCH_PAGES=/admin/products,… : only these pages; BENCH_PRESETS=mobile: only this preset
//   BENCH_DETAILS=1: under each printed run, its long tasks (start, duration, script) and the main
//   thread's time by kind of work, to see what the blocking time is made of
//
// Targets (issue 21, on a quiet machine): desktop ≥ 90 and TBT ≤ 150 ms; mobile ≥ 75.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { chromium } from 'playwright-core'
import { loadAverage, logIn } from './browser-support.mjs'

const base = process.argv[2] ?? 'http://127.0.0.1:8080'
const RUNS = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? 1) || 1, 1), 9)
const PAGES = [
  { path: '/open/index' },
  { path: '/open/login' },
  { path: '/admin/index', loggedIn: true },
  { path: '/admin/products', loggedIn: true },
  // The reference: a bare React + antd Table page fetching the same list (bench/reference-list/,
  // built by `node bench/reference-list/build.mjs` into the served folder): what antd alone scores
  // on this machine, beside ours.
  { path: '/reference-list/index.html', loggedIn: true, name: 'reference list' },
  // The same table inside the router, i18n and query libraries DESIGN.md names (reference-stack).
  { path: '/reference-stack/index.html', loggedIn: true, name: 'reference + stack' },
]
const PRESETS = { desktop: desktopConfig, mobile: undefined }
/** Those of `all` whose name (`nameOf`) the variable lists, or all when it is not set. */
const only = (variable, all, nameOf = (one) => one) => {
  const asked = process.env[variable]?.split(',').filter(Boolean)
  return asked ? all.filter((one) => asked.includes(nameOf(one))) : all
}
const pages = only('BENCH_PAGES', PAGES, (page) => page.path)
const presets = only('BENCH_PRESETS', Object.keys(PRESETS))
const DETAILS = process.env.BENCH_DETAILS === '1'

/** The long tasks of a run, and its main thread's time by kind of work, as lines to print. */
function detailsOf(lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? []
  const tasks = items('long-tasks').map(
    (task) =>
      `    long task at ${task.startTime.toFixed(0).padStart(5)} ms, ${task.duration.toFixed(0).padStart(4)} ms  ${String(task.url).replace(/^https?:\/\/[^/]+/, '')}`,
  )
  const work = items('mainthread-work-breakdown')
    .map((kind) => `${kind.groupLabel} ${kind.duration.toFixed(0)}`)
    .join(', ')
  return [...tasks, `    main thread, ms: ${work}`]
}

const session = await logIn(base)

/**
 * Puts the logged-in session's cookies in the browser's own cookie jar, then lets go of it: the page
 * then holds them as a logged-in browser does. (A Cookie header given to Lighthouse replaced the
 * page's cookies on every request, so the app's own cookies went missing and its calls came back 401:
 * the admin pages were measured as a session ended while they loaded.)
 */
async function putSession(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  await browser.contexts()[0].addCookies(session.cookies)
  // Connected, not launched: close() only disconnects.
  await browser.close()
}

async function audit(url, preset, loggedIn) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  })
  try {
    if (loggedIn) await putSession(chrome.port)
    // Lighthouse clears the origin's storage and cache before loading, not its cookies.
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }
    const { lhr } = await lighthouse(url, flags, PRESETS[preset])
    // A run Lighthouse could not finish (no first paint seen, the page's load timed out) scores 0:
    // said so, and left out of the median when other runs finished.
    if (lhr.runtimeError) return { failed: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` }
    const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      lcp: value('largest-contentful-paint'),
      details: DETAILS ? detailsOf(lhr) : [],
    }
  } finally {
    await chrome.kill()
  }
}

console.log(`${base}: Lighthouse performance, ${RUNS} run(s) each; load average ${loadAverage()}`)
console.log(
  `${'page'.padEnd(18)} ${'preset'.padEnd(8)} ${'score'.padStart(5)} ${'TBT ms'.padStart(8)} ${'CLS'.padStart(6)} ${'LCP ms'.padStart(8)}`,
)
// Runs interleaved: each round audits every page once, so ours and the reference share the load.
const results = new Map(pages.flatMap(({ path }) => presets.map((preset) => [`${path} ${preset}`, []])))
for (let i = 0; i < RUNS; i++) {
  for (const preset of presets) {
    for (const { path, loggedIn } of pages)
      results.get(`${path} ${preset}`).push(await audit(new URL(path, base).href, preset, loggedIn))
  }
}
for (const { path, name = path } of pages) {
  for (const preset of presets) {
    const all = results.get(`${path} ${preset}`)
    for (const { failed } of all.filter((one) => one.failed))
      console.log(`${name} ${preset}: a run failed, ${failed}`)
    const runs = all.filter((one) => !one.failed)
    if (runs.length === 0) continue
    const run = runs.sort((a, b) => a.score - b.score)[Math.floor((runs.length - 1) / 2)]
    console.log(
      `${name.padEnd(18)} ${preset.padEnd(8)} ${String(run.score).padStart(5)} ${run.tbt.toFixed(0).padStart(8)} ${run.cls.toFixed(3).padStart(6)} ${run.lcp.toFixed(0).padStart(8)}`,
    )
    for (const line of run.details) console.log(line)
  }
}
console.log(`load average ${loadAverage()} (targets: desktop ≥ 90 and TBT ≤ 150 ms; mobile ≥ 75)`)
