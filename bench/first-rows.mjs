// How long until a list's first row is painted: ours (/admin/products) beside a bare React + antd
// Table page fetching the same list API with the same session (bench/reference-list/), in Chromium.
// Each side runs in its own browser process; rounds are interleaved (the order alternates), and each
// measurement uses a fresh browser context.
//
//   npm run build && node bench/reference-list/build.mjs
//   WEB_DIST=bench/results/web-dist PORT=… node packages/server/dist/main.js   (demo data: SEED_DEMO=true)
//   BENCH_PASSWORD=… node bench/first-rows.mjs http://127.0.0.1:PORT
//   BENCH_ROUNDS (default 5)
//
// Cases: navigation → first row, cold cache (new context) and warm cache (the same tab loaded the
// page before), at 1440 px, and at 390 px with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate);
// and the first menu click after a page load → rows (ours: /admin/index, then its menu link; the
// reference: a button that asks for the list and draws it). Timed inside the page: navigation start
// (or the click event) to the animation frame after the first row is in the DOM.
// Target (issue 21): ours ≤ 1.3× the reference.
// BENCH_STACK=1 adds a third side, the stack reference (/reference-stack/: the same table inside the
// router, i18n and query libraries DESIGN.md names), and ours ÷ it: what the app adds to its libraries.
import { launchChromium, loadAverage, logIn, ROW, spread, watchRows } from './browser-support.mjs'

const base = process.argv[2] ?? 'http://127.0.0.1:8080'
const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 5) || 5, 1), 50)
const OURS = { name: 'ours', list: '/admin/products', home: '/admin/index' }
const REFERENCE = {
  name: 'reference',
  list: '/reference-list/index.html',
  home: '/reference-list/index.html?click=1',
}
const STACK = {
  name: 'stack',
  list: '/reference-stack/index.html',
  home: '/reference-stack/index.html?click=1',
}
const SIDES = process.env.BENCH_STACK === '1' ? [OURS, REFERENCE, STACK] : [OURS, REFERENCE]
const VIEWPORTS = {
  desktop: { viewport: { width: 1440, height: 900 }, cpu: 1 },
  phone: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    cpu: 4,
  },
}

const session = await logIn(base)
const browsers = Object.fromEntries(
  await Promise.all(SIDES.map(async (side) => [side.name, await launchChromium()])),
)

async function newPage(side, { cpu, ...options }) {
  const context = await browsers[side.name].newContext({
    baseURL: base,
    locale: 'zh-CN',
    storageState: session,
    ...options,
  })
  await context.addInitScript(watchRows, ROW)
  const page = await context.newPage()
  if (cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu })
  return { context, page }
}

const rowTime = (page, from) =>
  page
    .waitForFunction(() => window.__firstRows.row !== undefined, undefined, { timeout: 60_000 })
    .then(() => page.evaluate((key) => window.__firstRows.row - (key ? window.__firstRows[key] : 0), from))

/** Navigation → first row: cold (a new context) or warm (the page was loaded once in this tab). */
async function navigation(side, viewport, warm) {
  const { context, page } = await newPage(side, VIEWPORTS[viewport])
  if (warm) {
    await page.goto(side.list, { waitUntil: 'networkidle' })
    await page.locator(ROW).first().waitFor()
  }
  await page.goto(side.list)
  const ms = await rowTime(page)
  await context.close()
  return ms
}

/** The first click on the list's link after a page load → first row. */
async function menuClick(side) {
  const { context, page } = await newPage(side, VIEWPORTS.desktop)
  await page.goto(side.home, { waitUntil: 'networkidle' })
  const link =
    side === OURS
      ? page.locator(`.ant-layout-sider a[href="${OURS.list}"]`).first()
      : page.locator('#show-list')
  if (!(await link.isVisible())) {
    // A group's links are drawn while it is open: open the closed groups until the link shows.
    const closed = page.locator('.bd-admin__menu button[aria-expanded="false"]')
    for (let i = 0; i < 50 && !(await link.isVisible()) && (await closed.count()) > 0; i++)
      await closed.first().click()
  }
  await page.evaluate(() => {
    delete window.__firstRows.click
  })
  await link.click()
  const ms = await rowTime(page, 'click')
  await context.close()
  return ms
}

const CASES = [
  { name: 'navigation, cold, 1440 px', run: (side) => navigation(side, 'desktop', false) },
  { name: 'navigation, warm, 1440 px', run: (side) => navigation(side, 'desktop', true) },
  { name: 'navigation, cold, 390 px, CPU 4×', run: (side) => navigation(side, 'phone', false) },
  { name: 'navigation, warm, 390 px, CPU 4×', run: (side) => navigation(side, 'phone', true) },
  { name: 'first menu click → rows, 1440 px', run: (side) => menuClick(side) },
]

console.log(`${base}: first row painted, ${ROUNDS} interleaved rounds; load average before ${loadAverage()}`)
const format = ({ min, median, max }) => `${min.toFixed(0)} / ${median.toFixed(0)} / ${max.toFixed(0)}`
const stacked = SIDES.includes(STACK)
console.log(
  `${'case'.padEnd(36)} ${'ours min/median/max ms'.padEnd(24)} ${'reference'.padEnd(20)} ${stacked ? `${'stack reference'.padEnd(20)} ` : ''}ratio (medians)${stacked ? ', ours ÷ stack' : ''}`,
)
for (const one of CASES) {
  const times = Object.fromEntries(SIDES.map((side) => [side.name, []]))
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts with another side.
    const order = SIDES.map((_, i) => SIDES[(i + round) % SIDES.length])
    for (const side of order) times[side.name].push(await one.run(side))
  }
  const [ours, reference, stack] = SIDES.map((side) => spread(times[side.name]))
  const stackColumns = stack ? `${format(stack).padEnd(20)} ` : ''
  const stackRatio = stack ? `, ${(ours.median / stack.median).toFixed(2)}×` : ''
  console.log(
    `${one.name.padEnd(36)} ${format(ours).padEnd(24)} ${format(reference).padEnd(20)} ${stackColumns}${(ours.median / reference.median).toFixed(2)}×${stackRatio}`,
  )
}
console.log(`load average after ${loadAverage()} (target: ours ≤ 1.3× the reference)`)
await Promise.all(Object.values(browsers).map((browser) => browser.close()))
