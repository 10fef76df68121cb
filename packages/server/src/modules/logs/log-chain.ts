import { createHash, createPrivateKey, createPublicKey, hkdfSync, type KeyObject, sign } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'

/** Why an entry breaks the chain. */
export type BreakReason =
  /** Its content or hash is not what was written: sha256(prev_hash || content) differs. */
  | 'content'
  /** The entry before it is gone, or its own prev_hash is not that entry's hash. */
  | 'link'
  /** It has no place in the chain (written past the trigger). */
  | 'unchained'
  /** The newest entries are gone: the chain's head names a later place than the last entry. */
  | 'tail'

export interface VerifyResult {
  ok: boolean
  checked: number
  /** The first entry whose chain breaks, in chain order. */
  broken?: { id: number | null; chain_seq: number | null; created_at: string | null; reason: BreakReason }
}

/** A period of the log: entries created in [from, to). */
export interface LogPeriod {
  from: Date
  to: Date
}

const content = (l: string) =>
  sql.raw(`log_entry_content(${l}.id, ${l}.menu_id, ${l}.user_id, ${l}.app_id, ${l}.location, ${l}.ip,
    ${l}.parameters, ${l}.changes, ${l}.return, ${l}.method, ${l}.url, ${l}.resource, ${l}.record_id, ${l}.created_at)`)

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/**
 * Checks the chain over the entries created in the period: every entry's hash is sha256 of the hash
 * before it and its content, the places run without a gap, each links to the one before it (also the
 * one just before the period), and — when the period reaches the newest entry — the chain's head
 * names that entry. Answers how many entries were checked and the first that breaks.
 */
export async function verifyLogChain(db: Db | Tx, period: LogPeriod): Promise<VerifyResult> {
  const [bounds] = rowsOf<{ low: string | null; high: string | null; unchained: string | null }>(
    await db.execute(sql`select min(chain_seq) as low, max(chain_seq) as high,
      (select id from logs where created_at >= ${period.from} and created_at < ${period.to} and chain_seq is null
        order by id limit 1) as unchained
      from logs where created_at >= ${period.from} and created_at < ${period.to}`),
  )
  const unchainedId = bounds.unchained === null ? null : Number(bounds.unchained)
  if (bounds.low === null || bounds.high === null) {
    if (unchainedId === null) return { ok: true, checked: 0 }
    return { ok: false, checked: 0, broken: await brokenAt(db, unchainedId, 'unchained') }
  }
  const low = Number(bounds.low)
  const high = Number(bounds.high)
  const [found] = rowsOf<{ id: string | null; chain_seq: string | null; reason: BreakReason | null }>(
    await db.execute(sql`
      with chained as (
        select l.id, l.chain_seq, l.hash, l.prev_hash, sha256(l.prev_hash || ${content('l')}) as computed,
          lag(l.chain_seq) over w as before_seq, lag(l.hash) over w as before_hash
        from logs l where l.chain_seq between ${low - 1} and ${high}
        window w as (order by l.chain_seq, l.id)
      )
      select id, chain_seq,
        case when computed is distinct from hash then 'content' else 'link' end as reason
      from chained
      where chain_seq >= ${low} and (
        computed is distinct from hash
        or (before_seq is null and chain_seq > 1
          and exists (select 1 from logs o where o.chain_seq < chained.chain_seq))
        or (before_seq is null and chain_seq = 1 and prev_hash <> decode(repeat('00', 32), 'hex'))
        or (before_seq is not null and (before_seq <> chain_seq - 1 or before_hash is distinct from prev_hash)))
      order by chain_seq, id limit 1`),
  )
  const [counted] = rowsOf<{ n: string; head: string | null; newest: string | null }>(
    await db.execute(sql`select count(*) as n,
      (select seq from log_chain_head where id = 1) as head,
      (select max(chain_seq) from logs) as newest
      from logs where chain_seq between ${low} and ${high}`),
  )
  const checked = Number(counted.n)
  const candidates: { seq: number; broken: Promise<VerifyResult['broken']> }[] = []
  if (found) {
    const seq = Number(found.chain_seq)
    candidates.push({ seq, broken: brokenAt(db, Number(found.id), found.reason ?? 'content') })
  }
  if (unchainedId !== null) candidates.push({ seq: -1, broken: brokenAt(db, unchainedId, 'unchained') })
  // Entries cut from the end leave no broken link behind them: the head still names the last place.
  if (high === Number(counted.newest) && counted.head !== null && Number(counted.head) !== high) {
    candidates.push({
      seq: high + 1,
      broken: Promise.resolve({
        id: null,
        chain_seq: Number(counted.head),
        created_at: null,
        reason: 'tail',
      }),
    })
  }
  if (candidates.length === 0) return { ok: true, checked }
  candidates.sort((a, b) => a.seq - b.seq)
  return { ok: false, checked, broken: await candidates[0].broken }
}

async function brokenAt(db: Db | Tx, id: number, reason: BreakReason): Promise<VerifyResult['broken']> {
  const [entry] = rowsOf<{ id: string; chain_seq: string | null; created_at: Date | string }>(
    await db.execute(sql`select id, chain_seq, created_at from logs where id = ${id} limit 1`),
  )
  return {
    id,
    chain_seq: entry?.chain_seq == null ? null : Number(entry.chain_seq),
    created_at: entry ? new Date(entry.created_at).toISOString() : null,
    reason,
  }
}

/** The most entries one report holds: a longer period is asked for in parts. */
export const REPORT_MAX_ENTRIES = 100_000

const REPORT_COLUMNS = [
  'id',
  'chain_seq',
  'created_at',
  'user_id',
  'app_id',
  'menu_id',
  'method',
  'url',
  'ip',
  'location',
  'resource',
  'record_id',
  'parameters',
  'changes',
  'prev_hash',
  'hash',
] as const

/** A CSV cell: quoted when it holds a comma, a quote or a line break; formulas defused. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return ''
  let text = typeof value === 'string' ? value : JSON.stringify(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * The period's entries in chain order as CSV (UTF-8, a header line, hashes in hex), and how many;
 * undefined when the period holds more than REPORT_MAX_ENTRIES.
 */
export async function logReportCsv(db: Db | Tx, period: LogPeriod): Promise<string | undefined> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select id, chain_seq, created_at, user_id, app_id, menu_id, method, url, ip, location,
        resource, record_id, parameters, changes, encode(prev_hash, 'hex') as prev_hash, encode(hash, 'hex') as hash
      from logs where created_at >= ${period.from} and created_at < ${period.to}
      order by chain_seq nulls last, id limit ${REPORT_MAX_ENTRIES + 1}`),
  )
  if (rows.length > REPORT_MAX_ENTRIES) return undefined
  const lines = [REPORT_COLUMNS.join(',')]
  for (const row of rows) {
    lines.push(
      REPORT_COLUMNS.map((column) => {
        const value = row[column]
        return cell(column === 'created_at' && value ? new Date(value as string).toISOString() : value)
      }).join(','),
    )
  }
  return `${lines.join('\r\n')}\r\n`
}

/** The DER prefix of a PKCS#8 Ed25519 private key, before its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

const keys = new Map<string, { privateKey: KeyObject; publicKeyPem: string }>()

/**
 * The report signing key: an Ed25519 key derived from the application key (HKDF-SHA256), so every
 * server process holds the same one and nothing more is stored; it changes when APP_KEY does.
 */
export function reportSigningKey(appKey: string): { privateKey: KeyObject; publicKeyPem: string } {
  let key = keys.get(appKey)
  if (!key) {
    const seed = Buffer.from(hkdfSync('sha256', appKey, 'brokerdesk', 'operation-log report signing', 32))
    const privateKey = createPrivateKey({
      key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
      format: 'der',
      type: 'pkcs8',
    })
    const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString()
    key = { privateKey, publicKeyPem }
    keys.set(appKey, key)
  }
  return key
}

/** The Ed25519 signature of a report's bytes, base64. */
export function signReport(appKey: string, body: Buffer): string {
  return sign(null, body, reportSigningKey(appKey).privateKey).toString('base64')
}

/** The public key's fingerprint: sha256 of its DER, hex (what an auditor compares with the key they were given). */
export function keyFingerprint(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' })
  return createHash('sha256').update(der).digest('hex')
}
