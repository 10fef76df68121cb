// What the benches share: bundling server sources, a throw-away database, and timing.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import pg from 'pg'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const serverDir = path.join(root, 'packages/server')
// Inside the server package, so the bundle finds the server's own dependencies (some are not hoisted).
const outDir = path.join(serverDir, 'dist/bench')

/** BENCH_DATABASE_URL: a PostgreSQL server where a bench creates, and afterwards drops, its own database. */
export const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/**
 * Bundles the given `export … from './src/…'` lines of the server sources with esbuild into
 * packages/server/dist/bench (the server's own dependencies stay external) and imports the bundle.
 */
export async function bundleServer(exportLines) {
  const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'))
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@brokerdesk/'))
  fs.rmSync(outDir, { recursive: true, force: true })
  const outfile = path.join(outDir, 'server.mjs')
  await build({
    stdin: { contents: exportLines.join('\n'), resolveDir: serverDir, loader: 'ts' },
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: [...external, ...external.map((name) => `${name}/*`)],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  })
  fs.cpSync(path.join(serverDir, 'src/db/migrations'), path.join(outDir, 'migrations'), { recursive: true })
  return import(outfile)
}

/**
 * A database for one bench run through the bundle's `openDatabase`: in-memory PGlite, or a new
 * database on the PostgreSQL server, which `drop` removes again.
 */
export async function openBenchDatabase(openDatabase, kind) {
  if (kind !== 'postgres') return { database: await openDatabase({}), drop: async () => {} }
  const name = `brokerdesk_bench_${Date.now()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString() })
  return {
    database,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

/** The nearest-rank percentile of ascending times. */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]

/** Runs `run` `warmup` times, then times `runs` runs: their median and p95 in milliseconds. */
export async function timeRuns(run, { warmup, runs }) {
  for (let i = 0; i < warmup; i++) await run()
  const times = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { median: percentile(times, 50), p95: percentile(times, 95) }
}

/**
 * A database on the PostgreSQL server kept between bench runs (created when missing), migrated and
 * seeded through the bundle's `openDatabase`, `loadConfig` and `seedDatabase`, with the settings of
 * `env`. Answers its URL, the open database and the configuration.
 */
export async function openKeptDatabase(server, name, { env = {}, migrationsFolder } = {}) {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name])
  if (exists.rowCount === 0) await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await server.openDatabase({ url: url.toString() })
  await database.migrate(migrationsFolder)
  const config = server.loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url.toString(), ...env })
  await server.seedDatabase(database.db, { adminPassword: 'bench-secret-123', env: config.env })
  return { url: url.toString(), database, config }
}
