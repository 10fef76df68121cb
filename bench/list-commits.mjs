// What React draws until a list's first row, commit by commit: ours (/admin/products) beside the
// reference page (bench/reference-list/), warm cache, 1440 px (BENCH_WIDTH). A stub of React DevTools'
// global hook, installed before the page's scripts, walks each committed tree and counts the
// components React performed work on in that commit (new ones, and those with React's PerformedWork
// flag), going only into the subtrees React did not reuse as they were. For each commit: its time
// after navigation (and before / after the first row), the count, the highest components drawn (`*`:
// their own state changed) and the most drawn components by name. Counts do not move with the
// machine's load, so a change to what a list draws shows here when wall times cannot tell it.
//
//   BENCH_PASSWORD=… node bench/list-commits.mjs http://127.0.0.1:PORT
//   BENCH_AFTER_MS (default 300: commits after the first row, kept), BENCH_TOP (names per commit, 12)
//
// Names are those of the build: run it against a build made without minifying for readable ones.
import { launchChromium, logIn, ROW, watchRows } from './browser-support.mjs'

const base = process.argv[2] ?? 'http://127.0.0.1:8080'
const AFTER = Number(process.env.BENCH_AFTER_MS ?? 300)
const TOP = Number(process.env.BENCH_TOP ?? 12)
const WIDTH = Number(process.env.BENCH_WIDTH ?? 1440)
const SIDES = [
  { name: 'ours', path: '/admin/products' },
  { name: 'reference', path: '/reference-list/index.html' },
]

/** The init script: a DevTools hook that records each commit (time, count, roots, names). */
function countCommits(top) {
  const label = (fn) => fn.displayName || fn.name || 'anonymous'
  const nameOf = (type) => {
    if (typeof type === 'function') return label(type)
    if (type && typeof type === 'object') {
      if (type.displayName) return type.displayName
      if (type.render) return label(type.render) // forwardRef
      if (type.type) return nameOf(type.type) // memo
      if (type.$$typeof === Symbol.for('react.context') || type._context) return 'Context'
    }
    return String(type)
  }
  const PERFORMED_WORK = 1
  const commits = []
  window.__listCommits = commits
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    isDisabled: false,
    inject: () => 1,
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const names = {}
      const roots = []
      let count = 0
      const walk = (fiber, inDrawn) => {
        for (let f = fiber; f; f = f.sibling) {
          const before = f.alternate
          const component = typeof f.type !== 'string' && f.type !== null && f.type !== undefined
          const drawn = component && (!before || (f.flags & PERFORMED_WORK) === PERFORMED_WORK)
          if (drawn) {
            const name = nameOf(f.type)
            names[name] = (names[name] ?? 0) + 1
            count++
            if (!inDrawn && roots.length < 6)
              roots.push(before && before.memoizedState !== f.memoizedState ? `${name}*` : name)
          }
          // a subtree React reused as it was keeps its old child: nothing in it was drawn
          if (f.child && (!before || f.child !== before.child)) walk(f.child, inDrawn || drawn)
        }
      }
      walk(root.current.child, false)
      const most = Object.entries(names)
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([name, n]) => `${name} ${n}`)
      commits.push({ at: performance.now(), count, roots, most })
    },
  }
}

const session = await logIn(base)
const browser = await launchChromium()
for (const side of SIDES) {
  const context = await browser.newContext({
    baseURL: base,
    locale: 'zh-CN',
    storageState: session,
    viewport: { width: WIDTH, height: 900 },
  })
  await context.addInitScript(watchRows, ROW)
  await context.addInitScript(countCommits, TOP)
  const page = await context.newPage()
  await page.goto(side.path, { waitUntil: 'networkidle' })
  await page.locator(ROW).first().waitFor({ timeout: 60_000 })
  await page.goto(side.path)
  await page.waitForFunction(() => window.__firstRows.row !== undefined, undefined, { timeout: 60_000 })
  await page.waitForTimeout(AFTER)
  const { commits, row } = await page.evaluate(() => ({
    commits: window.__listCommits,
    row: window.__firstRows.row,
  }))
  await context.close()
  const before = commits.filter((c) => c.at <= row)
  console.log(
    `\n${side.name} (${side.path}): first row at ${row.toFixed(0)} ms; ${before.length} commits before it, ` +
      `${before.reduce((sum, c) => sum + c.count, 0)} components drawn`,
  )
  for (const c of commits.filter((c) => c.at <= row + AFTER)) {
    const when = `${c.at.toFixed(0)} ms (${c.at <= row ? '-' : '+'}${Math.abs(row - c.at).toFixed(0)})`
    console.log(`  ${when.padEnd(18)} ${String(c.count).padStart(5)}  from ${c.roots.join(', ')}`)
    console.log(`  ${''.padEnd(18)}        ${c.most.join(', ')}`)
  }
}
await browser.close()
