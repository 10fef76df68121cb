const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
}
const SHOWN_APART = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'req', 'res', 'responseTime', 'err'])

export interface ReadableLine {
  /** pino's level name, when the line is one of its JSON records. */
  level?: string
  text: string
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0')

/**
 * A pino JSON line as a person reads it: time (UTC), level, message, the request and answer, then
 * the other fields as key=value. Anything else comes back as it is.
 */
export function readableLine(line: string): ReadableLine {
  if (!line.startsWith('{')) return { text: line }
  let record: Record<string, unknown>
  try {
    record = JSON.parse(line)
  } catch {
    return { text: line }
  }
  if (!record || typeof record !== 'object' || typeof record.level !== 'number') return { text: line }
  const level = LEVELS[record.level] ?? String(record.level)
  const parts: string[] = []
  if (typeof record.time === 'number') {
    const at = new Date(record.time)
    parts.push(
      `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}.${pad(at.getUTCMilliseconds(), 3)}`,
    )
  }
  parts.push(level.toUpperCase().padEnd(5))
  if (typeof record.msg === 'string') parts.push(record.msg)
  const req = record.req as { method?: unknown; url?: unknown } | undefined
  if (req && typeof req === 'object')
    parts.push(`${String(req.method ?? '')} ${String(req.url ?? '')}`.trim())
  const res = record.res as { statusCode?: unknown } | undefined
  if (res && typeof res === 'object' && res.statusCode !== undefined)
    parts.push(`→ ${String(res.statusCode)}`)
  if (typeof record.responseTime === 'number') parts.push(`${record.responseTime.toFixed(1)} ms`)
  const err = record.err as { type?: unknown; message?: unknown } | undefined
  if (err && typeof err === 'object')
    parts.push(`${String(err.type ?? 'Error')}: ${String(err.message ?? '')}`)
  for (const [key, value] of Object.entries(record)) {
    if (SHOWN_APART.has(key)) continue
    parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
  }
  return { level, text: parts.join('  ') }
}
