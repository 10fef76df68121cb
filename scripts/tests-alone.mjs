#!/usr/bin/env node
/**
 * Runs randomly chosen tests of the server and e2e suites one at a time, each alone in its own vitest
 * run (`vitest run <file> -t "<full name>"`), to show that no test leans on one run before it.
 *
 *   node scripts/tests-alone.mjs [count]          count: how many tests (default 10, half from each suite)
 *   TESTS_ALONE_SEED=1234 node scripts/tests-alone.mjs   the same pick again
 *   TESTS_ALONE_SUITES=server node scripts/tests-alone.mjs   one suite only (server, e2e)
 *
 * The e2e tests run against the built app: `npm run build` first. A tool, not part of `npm test`.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const count = Number(process.argv[2] ?? 10)
if (!Number.isInteger(count) || count < 1) throw new Error(`not a count of tests: ${process.argv[2]}`)
const seed = Number(process.env.TESTS_ALONE_SEED ?? Math.floor(Math.random() * 2 ** 31))
const suites = {
  server: ['--project', 'server'],
  e2e: ['--config', 'e2e/vitest.config.ts'],
}
const chosenSuites = (process.env.TESTS_ALONE_SUITES ?? 'server,e2e').split(',').map((name) => {
  if (!(name in suites)) throw new Error(`no suite ${name}: server or e2e`)
  return name
})
if (chosenSuites.includes('e2e') && !fs.existsSync(path.join(root, 'packages/server/dist/main.js')))
  throw new Error('the e2e tests run against the built app: run "npm run build" first')

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tests-alone-'))

/** A small seeded generator (mulberry32): the same seed picks the same tests. */
function generator(start) {
  let state = start >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

function vitest(args) {
  return spawnSync('npx', ['vitest', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
}

/** Every test of a suite as vitest collects it: its file and its full name (suites and name joined by " > "). */
function listTests(suite) {
  const out = path.join(work, `${suite}-list.json`)
  const listed = vitest(['list', ...suites[suite], `--json=${out}`])
  if (listed.status !== 0 || !fs.existsSync(out))
    throw new Error(`could not list the ${suite} tests:\n${listed.stdout}\n${listed.stderr}`)
  return JSON.parse(fs.readFileSync(out, 'utf8')).map((test) => ({ suite, file: test.file, name: test.name }))
}

/** Takes `n` different items of `items` at random. */
function pick(items, n, random) {
  const pool = [...items]
  const chosen = []
  while (chosen.length < n && pool.length) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0])
  return chosen
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Runs one test alone; answers passed, failed or skipped (a test its file skips here, e.g. without LibreOffice). */
function runAlone(test, index) {
  const out = path.join(work, `run-${index}.json`)
  // vitest matches -t against the suites' and the test's names joined by spaces.
  const pattern = `${escapeRegExp(test.name.split(' > ').join(' '))}$`
  const started = Date.now()
  const run = vitest([
    'run',
    ...suites[test.suite],
    path.relative(root, test.file),
    '-t',
    pattern,
    '--reporter=json',
    `--outputFile=${out}`,
  ])
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const report = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : undefined
  if (!report)
    return { outcome: 'failed', seconds, detail: `${run.stdout}\n${run.stderr}`.trim().slice(-3000) }
  const results = report.testResults.flatMap((file) => file.assertionResults)
  const failed = results.filter((r) => r.status === 'failed')
  const passed = results.filter((r) => r.status === 'passed')
  if (run.status === 0 && failed.length === 0 && passed.length > 0) return { outcome: 'passed', seconds }
  if (
    run.status === 0 &&
    failed.length === 0 &&
    results.some((r) => r.status === 'skipped' || r.status === 'pending')
  )
    return { outcome: 'skipped', seconds }
  const messages = failed.flatMap((r) => r.failureMessages ?? [])
  const detail = messages.length ? messages.join('\n') : `${run.stdout}\n${run.stderr}`
  return { outcome: 'failed', seconds, detail: detail.trim().slice(-3000) }
}

const random = generator(seed)
const perSuite = chosenSuites.map(
  (_, i) => Math.floor(count / chosenSuites.length) + (i < count % chosenSuites.length ? 1 : 0),
)
const chosen = chosenSuites.flatMap((suite, i) => pick(listTests(suite), perSuite[i], random))
console.log(`TESTS_ALONE_SEED=${seed}: ${chosen.length} tests, each alone\n`)

let failures = 0
for (const [index, test] of chosen.entries()) {
  const result = runAlone(test, index)
  if (result.outcome === 'failed') failures++
  const where = `${test.suite} ${path.relative(root, test.file)}`
  console.log(
    `${result.outcome.toUpperCase().padEnd(7)} ${result.seconds.padStart(6)} s  ${where} > ${test.name}`,
  )
  if (result.detail) console.log(`${result.detail.replace(/^/gm, '        ')}\n`)
}
fs.rmSync(work, { recursive: true, force: true })
console.log(
  `\n${chosen.length - failures} of ${chosen.length} passed alone; repeat the pick with TESTS_ALONE_SEED=${seed}`,
)
process.exitCode = failures ? 1 : 0
