// A local cluster on loopback addresses: PostgreSQL primary + streaming replica, PgBouncer (transaction
// mode), Redis, the S3-compatible stand-in, N server processes and HAProxy in front. `npm run cluster`
// starts it; bench/cluster.mjs drives it (kill -9, rolling restart, replica stopped).
import { execFileSync, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import {
  asPostgres,
  createDatabase,
  isRoot,
  PG_BIN,
  postgresIds,
  startPrimary,
  startReplica,
  stopPostgres,
} from './postgres.mjs'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const serverDir = path.join(root, 'packages/server')
/**
 * HAProxy's health check: every second, out after 3 failures, back after 2 successes; a check may
 * take 5 s (without `timeout check` it gets the interval, and a busy process whose /readyz waits for a
 * pooled connection was taken out: the only process of a size-1 cluster answered 503 to half the load).
 */
export const CHECK = { interMs: 1000, fall: 3, rise: 2, timeoutMs: 5000 }
/** A draining process answers /readyz 503 this long before closing: longer than the check takes to see it. */
export const DRAIN_MS = CHECK.interMs * CHECK.fall + 1500
const DATABASE = 'brokerdesk'

const which = (name) => {
  try {
    execFileSync('which', [name], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** Installs from Debian's packages what a fresh machine lacks (apt-get update once). */
export function installMissing(log = console.log) {
  const wanted = [
    ['haproxy', 'haproxy'],
    ['pgbouncer', 'pgbouncer'],
    ['redis-server', 'redis-server'],
  ].filter(([binary]) => !which(binary))
  if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) wanted.push(['initdb', 'postgresql-15'])
  if (wanted.length === 0) return
  const packages = wanted.map(([, name]) => name)
  if (!isRoot)
    throw new Error(
      `Missing: ${packages.join(', ')}. Install them: sudo apt-get install ${packages.join(' ')}`,
    )
  log(`installing ${packages.join(', ')} from Debian's packages`)
  execFileSync('apt-get', ['update'], { stdio: 'inherit' })
  execFileSync('apt-get', ['install', '-y', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
}

/** Builds the SPA and the server when the built server is missing. */
export function buildIfMissing(log = console.log) {
  if (
    fs.existsSync(path.join(serverDir, 'dist/main.js')) &&
    fs.existsSync(path.join(root, 'packages/web/dist'))
  )
    return
  log('building (npm run build)')
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
}

/** Whether something listens on 127.0.0.1:port. */
export function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

async function waitFor(what, check, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`)
}

/** The ports of each part, from one base port. */
export function clusterPorts(basePort, nodes) {
  return {
    primary: basePort,
    replica: basePort + 1,
    pgbouncer: basePort + 2,
    redis: basePort + 3,
    s3: basePort + 4,
    servers: Array.from({ length: nodes }, (_, i) => basePort + 10 + i),
  }
}

/** A child process whose output goes to `<dir>/<name>.log`. */
function child(dir, name, command, args, env) {
  const out = fs.openSync(path.join(dir, `${name}.log`), 'a')
  const proc = spawn(command, args, { cwd: root, env: env ?? process.env, stdio: ['ignore', out, out] })
  fs.closeSync(out)
  return proc
}

function startPgbouncer(dir, ports, pool) {
  const ini = path.join(dir, 'pgbouncer.ini')
  fs.writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n')
  fs.writeFileSync(
    ini,
    [
      '[databases]',
      `${DATABASE} = host=127.0.0.1 port=${ports.primary} dbname=${DATABASE}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${ports.pgbouncer}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      `default_pool_size = ${pool}`,
      // pg sends statement_timeout at start-up; a transaction pooler cannot keep it per client (the
      // database's own default, set below, applies instead).
      'ignore_startup_parameters = extra_float_digits,statement_timeout',
      'server_reset_query =',
      '',
    ].join('\n'),
  )
  if (isRoot) for (const file of [ini, path.join(dir, 'userlist.txt')]) fs.chownSync(file, ...postgresIds())
  const [cmd, argv] = asPostgres('/usr/sbin/pgbouncer', [ini])
  return child(dir, 'pgbouncer', cmd, argv)
}

/** The S3-compatible stand-in the tests use, bundled with esbuild and run on its own port. */
async function startS3(dir, ports) {
  const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'))
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@brokerdesk/'))
  // Inside the server package, so the bundle finds s3rver (a dependency of the server's tests).
  const outfile = path.join(serverDir, 'dist/cluster/s3.mjs')
  await build({
    stdin: {
      contents: [
        "import { startTestS3Server } from './src/testing/s3-server'",
        `const s3 = await startTestS3Server('files', { port: ${ports.s3}, directory: ${JSON.stringify(path.join(dir, 's3'))} })`,
        "process.on('SIGTERM', () => s3.close().then(() => process.exit(0)))",
      ].join('\n'),
      resolveDir: serverDir,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: ['s3rver', ...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'warning',
  })
  fs.mkdirSync(path.join(dir, 's3'), { recursive: true })
  return child(dir, 's3', process.execPath, [outfile])
}

function writeHaproxyConfig(dir, port, ports) {
  const file = path.join(dir, 'haproxy.cfg')
  fs.writeFileSync(
    file,
    [
      'global',
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout http-keep-alive 5s',
      `  timeout check ${CHECK.timeoutMs / 1000}s`,
      '  retries 3',
      // A connection refused (a process killed or restarting) is tried on another process; an answer
      // that never came is not: the request may have been carried out (a write would be doubled).
      '  retry-on conn-failure',
      '  option redispatch 1',
      '  option http-server-close',
      'frontend brokerdesk',
      `  bind 127.0.0.1:${port}`,
      '  option forwardfor',
      '  default_backend servers',
      'backend servers',
      '  balance roundrobin',
      '  option httpchk GET /readyz',
      '  http-check expect status 200',
      `  default-server inter ${CHECK.interMs} fall ${CHECK.fall} rise ${CHECK.rise}`,
      ...ports.servers.map((p, i) => `  server node${i + 1} 127.0.0.1:${p} check`),
      '',
    ].join('\n'),
  )
  return file
}

/** A secret made on the first start and kept in `dir` (mode 600) for the later ones. */
function keptSecret(dir, name, bytes) {
  const file = path.join(dir, name)
  if (!fs.existsSync(file))
    fs.writeFileSync(file, crypto.randomBytes(bytes).toString('base64url'), { mode: 0o600 })
  return fs.readFileSync(file, 'utf8').trim()
}

const databaseUrl = (port) => `postgres://postgres@127.0.0.1:${port}/${DATABASE}`

/** Redis on its port, nothing saved to disk. */
function startRedis(dir, ports) {
  return child(dir, 'redis', 'redis-server', [
    '--port',
    String(ports.redis),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
  ])
}

/**
 * The environment of server process i (0-based): its port, name and data folder; the pooled database
 * through PgBouncer, the primary directly and the replica; Redis; uploads in the S3 stand-in.
 */
function serverEnvironment({ dir, ports, appKey, adminPassword, poolMax }, i) {
  return {
    ...process.env,
    APP_ENV: 'staging',
    APP_KEY: appKey,
    ADMIN_PASSWORD: adminPassword,
    HOST: '127.0.0.1',
    PORT: String(ports.servers[i]),
    NODE_ID: `node${i + 1}`,
    NODE_ADDRESS: `http://127.0.0.1:${ports.servers[i]}`,
    DATA_DIR: path.join(dir, `node${i + 1}`),
    DATABASE_URL: databaseUrl(ports.pgbouncer),
    DATABASE_DIRECT_URL: databaseUrl(ports.primary),
    DATABASE_REPLICA_URL: databaseUrl(ports.replica),
    DB_NAMED_STATEMENTS: 'false',
    DB_POOL_MAX: String(poolMax),
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    UPLOAD_PROVIDER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
    S3_BUCKET: 'files',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    TRUST_PROXY: '127.0.0.1',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
  }
}

/**
 * Starts everything in `dir` (made and kept between runs; the databases persist). Answers the handles
 * bench/cluster.mjs uses and `stop()`.
 */
export async function startCluster({ dir, basePort, port, nodes = 3, poolMax = 10, log = console.log }) {
  fs.mkdirSync(dir, { recursive: true })
  fs.chmodSync(dir, 0o755)
  if (isRoot) fs.chownSync(dir, ...postgresIds())
  const ports = clusterPorts(basePort, nodes)
  for (const [name, p] of [
    ['HAProxy', port],
    ['PgBouncer', ports.pgbouncer],
    ['Redis', ports.redis],
    ['S3 stand-in', ports.s3],
    ...ports.servers.map((p, i) => [`server ${i + 1}`, p]),
  ])
    if (await portOpen(p)) throw new Error(`Port ${p} (${name}) is in use`)

  const children = new Map()
  const stopChildren = async (names) => {
    await Promise.all(
      names.map(async (name) => {
        const proc = children.get(name)
        if (!proc || proc.exitCode !== null || proc.signalCode !== null) return
        const exited = new Promise((resolve) => proc.once('exit', resolve))
        proc.kill('SIGTERM')
        const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000)
        await exited
        clearTimeout(timer)
      }),
    )
  }

  const appKey = keptSecret(dir, 'app-key', 32)
  // The super administrator's password on the first start (the seed keeps it afterwards).
  const adminPassword = keptSecret(dir, 'admin-password', 12)

  const stop = async () => {
    await stopChildren(['haproxy'])
    await stopChildren([...children.keys()].filter((name) => name.startsWith('node')))
    await stopChildren(['pgbouncer', 'redis', 's3'])
    stopPostgres(dir, 'replica')
    stopPostgres(dir, 'primary')
  }

  try {
    log('starting PostgreSQL primary')
    startPrimary(dir, ports)
    await createDatabase(ports.primary, DATABASE)
    log('starting the streaming replica')
    startReplica(dir, ports)

    children.set('pgbouncer', startPgbouncer(dir, ports, poolMax * nodes))
    children.set('redis', startRedis(dir, ports))
    children.set('s3', await startS3(dir, ports))
    await waitFor('PgBouncer', () => portOpen(ports.pgbouncer))
    await waitFor('Redis', () => portOpen(ports.redis))
    await waitFor('S3 stand-in', () => portOpen(ports.s3))

    const serverEnv = (i) => serverEnvironment({ dir, ports, appKey, adminPassword, poolMax }, i)
    const startNode = async (i) => {
      const name = `node${i + 1}`
      const proc = child(dir, name, process.execPath, [path.join(serverDir, 'dist/main.js')], serverEnv(i))
      children.set(name, proc)
      await waitFor(`${name}`, async () => {
        if (proc.exitCode !== null) throw new Error(`${name} exited: see ${path.join(dir, `${name}.log`)}`)
        const answer = await fetch(`http://127.0.0.1:${ports.servers[i]}/readyz`)
        return answer.ok
      })
    }
    // The first migrates and seeds; the others then start together.
    log('starting the server processes')
    await startNode(0)
    await Promise.all(ports.servers.slice(1).map((_, i) => startNode(i + 1)))

    const haproxyConfig = writeHaproxyConfig(dir, port, ports)
    children.set('haproxy', child(dir, 'haproxy', 'haproxy', ['-db', '-f', haproxyConfig]))
    await waitFor('HAProxy', async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok)

    return {
      dir,
      port,
      ports,
      appKey,
      adminPassword,
      children,
      primaryUrl: databaseUrl(ports.primary),
      replicaUrl: databaseUrl(ports.replica),
      /** The process of node i (0-based). */
      node: (i) => children.get(`node${i + 1}`),
      /** The environment of server process i (0-based): a bench starts variants of it. */
      serverEnv,
      startNode,
      /** SIGTERM (drains), waits for the exit, starts it again and waits until it is ready. */
      async restartNode(i) {
        await stopChildren([`node${i + 1}`])
        await startNode(i)
      },
      killNode(i) {
        children.get(`node${i + 1}`)?.kill('SIGKILL')
      },
      stopNode: (i) => stopChildren([`node${i + 1}`]),
      stopReplica: () => stopPostgres(dir, 'replica'),
      startReplica: () => startReplica(dir, ports),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
