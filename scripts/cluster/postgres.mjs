// The PostgreSQL part of the local cluster: a primary made by initdb and a streaming replica made by
// pg_basebackup, each in its folder of the cluster's, started and stopped with pg_ctl (as `postgres`
// when run as root: the tools refuse root).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'

export const PG_BIN = '/usr/lib/postgresql/15/bin'

export const isRoot = process.getuid?.() === 0
/** Runs a PostgreSQL or PgBouncer tool as `postgres` (they refuse root). */
export const asPostgres = (command, args) =>
  isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]

function run(command, args, options = {}) {
  const [cmd, argv] = asPostgres(command, args)
  return execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options })
}

function writePostgresConfig(dataDir, port, socketDir) {
  fs.appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    [
      '',
      '# brokerdesk local cluster',
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${socketDir}'`,
      'wal_level = replica',
      'max_wal_senders = 5',
      'hot_standby = on',
      'max_connections = 200',
      'shared_buffers = 64MB',
      'fsync = on',
      '',
    ].join('\n'),
  )
}

/** The primary: initdb on the first start (trust on loopback, replication allowed), then pg_ctl start. */
export function startPrimary(dir, ports) {
  const data = path.join(dir, 'primary')
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    fs.mkdirSync(data, { recursive: true })
    if (isRoot) fs.chownSync(data, ...postgresIds())
    run(path.join(PG_BIN, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-instructions',
    ])
    writePostgresConfig(data, ports.primary, dir)
    fs.appendFileSync(
      path.join(data, 'pg_hba.conf'),
      '\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n',
    )
  }
  run(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'primary.log'), '-w', 'start'])
}

/** The replica: pg_basebackup -R from the primary on its first start (standby.signal), then started. */
export function startReplica(dir, ports) {
  const data = path.join(dir, 'replica')
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    run(path.join(PG_BIN, 'pg_basebackup'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(ports.primary),
      '-U',
      'postgres',
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      // A checkpoint at once rather than a spread one (minutes).
      '--checkpoint=fast',
    ])
    fs.appendFileSync(path.join(data, 'postgresql.auto.conf'), `port = ${ports.replica}\n`)
  }
  run(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'replica.log'), '-w', 'start'])
}

export function stopPostgres(dir, which) {
  const data = path.join(dir, which)
  if (!fs.existsSync(path.join(data, 'postmaster.pid'))) return
  try {
    run(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'])
  } catch {
    // Already stopped.
  }
}

export function postgresIds() {
  const line = execFileSync('id', ['postgres'], { encoding: 'utf8' })
  const uid = Number(/uid=(\d+)/.exec(line)[1])
  const gid = Number(/gid=(\d+)/.exec(line)[1])
  return [uid, gid]
}

/** Creates the cluster's database on the primary when it is missing. */
export async function createDatabase(port, database) {
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' })
  await admin.connect()
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database])
    if (exists.rowCount === 0) await admin.query(`create database ${database}`)
    // Behind PgBouncer the client's start-up statement_timeout is dropped: the database's default applies.
    await admin.query(`alter database ${database} set statement_timeout = '5s'`)
  } finally {
    await admin.end()
  }
}
