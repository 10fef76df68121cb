import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pruneLogFiles } from '../../logger'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { insertLimitedAdmin } from '../../resource/testing/factories'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { readTail, TAIL_MAX_BYTES } from './log-files'

let t: TestApp
let admin: AdminClient
let dir: string

/** `count` numbered lines, like the log's JSON lines. */
const numbered = (from: number, count: number) =>
  Array.from(
    { length: count },
    (_, i) => `{"level":30,"n":${from + i},"msg":"request completed ${'x'.repeat((from + i) % 97)}"}`,
  )

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminClient(t.app)
  dir = t.app.config.logDir
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, 'brokerdesk.2026-11-20.1.log'), `${numbered(1, 3).join('\n')}\n`)
  fs.utimesSync(path.join(dir, 'brokerdesk.2026-11-20.1.log'), new Date('2026-11-20'), new Date('2026-11-20'))
  fs.writeFileSync(path.join(dir, 'brokerdesk.2026-11-21.1.log'), `${numbered(1, 50_000).join('\n')}\n`)
  fs.utimesSync(path.join(dir, 'brokerdesk.2026-11-21.1.log'), new Date('2026-11-21'), new Date('2026-11-21'))
  fs.writeFileSync(path.join(dir, 'brokerdesk.2026-11-22.1.log'), 'first line\nsecond, without newline')
  fs.mkdirSync(path.join(dir, 'nested'))
  fs.writeFileSync(path.join(t.dataDir, 'secret.txt'), 'not a log')
  fs.symlinkSync(path.join(t.dataDir, 'secret.txt'), path.join(dir, 'outside.log'))
  fs.symlinkSync(path.join(dir, 'brokerdesk.2026-11-20.1.log'), path.join(dir, 'inside-link.log'))
})
afterAll(() => t.close())

describe('the log files', () => {
  it('are listed with size and time, links and folders left out, filtered and sorted', async () => {
    const listed = await admin.get('/admin/file-log/index')
    expect(listed.statusCode, listed.body).toBe(200)
    const names = listed.json().files.map((file: { name: string }) => file.name)
    expect(names).toEqual([
      'brokerdesk.2026-11-22.1.log',
      'brokerdesk.2026-11-21.1.log',
      'brokerdesk.2026-11-20.1.log',
    ])
    expect(listed.json().files[1]).toMatchObject({
      size: fs.statSync(path.join(dir, 'brokerdesk.2026-11-21.1.log')).size,
      modified: new Date('2026-11-21').toISOString(),
    })
    expect(listed.json().keep_days).toBe(14)
    const bySize = await admin.get('/admin/file-log/index?sort=size&order=asc&keyword=11-2')
    expect(bySize.json().files.map((file: { name: string }) => file.name)).toEqual([
      'brokerdesk.2026-11-22.1.log',
      'brokerdesk.2026-11-20.1.log',
      'brokerdesk.2026-11-21.1.log',
    ])
    expect((await admin.get('/admin/file-log/index?sort=owner')).statusCode).toBe(422)
  })

  it('refuse a name outside the folder, a link, `..`, an absolute path, NUL with 4xx', async () => {
    const names = [
      '..',
      '../secret.txt',
      '..%2Fsecret.txt',
      '%2Fetc%2Fpasswd',
      'nested%2F..%2F..%2Fsecret.txt',
      'brokerdesk.2026-11-20.1.log%00.txt',
      '.hidden',
      'nested',
      'outside.log',
      'inside-link.log',
      'missing.log',
      '',
    ]
    for (const name of names) {
      for (const url of [`/admin/file-log/index?file=${name}`, `/admin/down-log?file=${name}`]) {
        const response = await admin.get(url)
        expect([400, 404, 422], `${url}: ${response.statusCode}`).toContain(response.statusCode)
        expect(response.body).not.toContain('not a log')
      }
    }
  })

  it('preview the last lines of a big file and page backwards to its first line', async () => {
    const first = await admin.get('/admin/file-log/index?file=brokerdesk.2026-11-21.1.log&lines=1000')
    expect(first.statusCode, first.body).toBe(200)
    const page = first.json()
    expect(page.lines).toEqual(numbered(49_001, 1000))
    expect(page.end).toBe(page.size)
    const seen: string[] = [...page.lines]
    let before = page.start
    for (let i = 0; i < 60 && before > 0; i++) {
      const next = (
        await admin.get(`/admin/file-log/index?file=brokerdesk.2026-11-21.1.log&lines=1000&before=${before}`)
      ).json()
      expect(next.end).toBe(before)
      seen.unshift(...next.lines)
      before = next.start
    }
    expect(before).toBe(0)
    expect(seen).toEqual(numbered(1, 50_000))

    const unterminated = (
      await admin.get('/admin/file-log/index?file=brokerdesk.2026-11-22.1.log&lines=1')
    ).json()
    expect(unterminated.lines).toEqual(['second, without newline'])
    expect(
      (
        await admin.get(`/admin/file-log/index?file=brokerdesk.2026-11-22.1.log&before=${unterminated.start}`)
      ).json().lines,
    ).toEqual(['first line'])
  })

  it('read a line longer than a page cut to its end, and an empty file as no lines', async () => {
    const long = path.join(dir, 'long.log')
    fs.writeFileSync(long, `short\n${'y'.repeat(TAIL_MAX_BYTES + 10)}\n`)
    const page = await readTail(long, { count: 5 })
    expect(page.lines).toHaveLength(1)
    expect(page.lines[0]).toBe('y'.repeat(TAIL_MAX_BYTES))
    expect(page.start).toBe(page.size - 1 - TAIL_MAX_BYTES)
    const empty = path.join(dir, 'empty.log')
    fs.writeFileSync(empty, '')
    expect(await readTail(empty, { count: 5 })).toEqual({ lines: [], start: 0, end: 0, size: 0 })
    fs.rmSync(long)
    fs.rmSync(empty)
  })

  it('download a file whole, and the newest without a name', async () => {
    const named = await admin.get('/admin/down-log?file=brokerdesk.2026-11-20.1.log')
    expect(named.statusCode).toBe(200)
    expect(named.headers['content-disposition']).toBe('attachment; filename="brokerdesk.2026-11-20.1.log"')
    expect(named.body).toBe(`${numbered(1, 3).join('\n')}\n`)
    const newest = await admin.get('/admin/down-log')
    expect(newest.body).toBe('first line\nsecond, without newline')
  })

  it('need the page and download permissions', async () => {
    const { user } = await insertLimitedAdmin(t.app.db, [{ url: '/admin/index', method: 1 }])
    const clerk = await adminClient(t.app, user.id)
    expect((await clerk.get('/admin/file-log/index')).statusCode).toBe(403)
    expect((await clerk.get('/admin/down-log?file=brokerdesk.2026-11-20.1.log')).statusCode).toBe(403)
  })

  it('older than the days kept are pruned', async () => {
    const old = path.join(dir, 'brokerdesk.2026-10-01.1.log')
    fs.writeFileSync(old, 'old\n')
    fs.utimesSync(old, new Date('2026-10-01'), new Date('2026-10-01'))
    const removed = await pruneLogFiles(dir, 14, new Date('2026-11-23').getTime())
    expect(removed).toEqual(['brokerdesk.2026-10-01.1.log'])
    expect(fs.existsSync(path.join(dir, 'brokerdesk.2026-11-20.1.log'))).toBe(true)
    expect(fs.existsSync(path.join(t.dataDir, 'secret.txt'))).toBe(true)
  })
})
