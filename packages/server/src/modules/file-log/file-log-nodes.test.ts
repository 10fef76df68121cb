import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { NODE_KEY_HEADER, nodeKey } from '../cluster/node-key'

// Two processes that share nothing but the database: separate data folders, no object storage.
let t: TestApp
let admin: AdminClient
let other: FastifyInstance
let otherDir: string

beforeAll(async () => {
  t = await createTestApp({ env: { NODE_ID: 'node-a' } })
  admin = await adminClient(t.app)
  otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-node-b-'))
  other = await buildApp({
    config: loadConfig({ APP_ENV: 'testing', LOG_LEVEL: 'silent', DATA_DIR: otherDir, NODE_ID: 'node-b' }),
    database: t.database,
    serveWeb: false,
  })
  await other.listen({ host: '127.0.0.1', port: 0 })
  await other.cluster.join(other.server.address())
  fs.mkdirSync(other.config.logDir, { recursive: true })
  fs.writeFileSync(path.join(other.config.logDir, 'brokerdesk-node-b.2026-11-26.1.log'), 'one\ntwo\nthree\n')
  fs.mkdirSync(t.app.config.logDir, { recursive: true })
  fs.writeFileSync(path.join(t.app.config.logDir, 'brokerdesk-node-a.2026-11-26.1.log'), 'mine\n')
})
afterAll(async () => {
  await other?.close()
  await t.close()
  fs.rmSync(otherDir, { recursive: true, force: true })
})

describe('the log files of every node', () => {
  it('lists the live nodes, this one marked, and shows its own files by default', async () => {
    const listed = await admin.get('/admin/file-log/index')
    expect(listed.statusCode).toBe(200)
    const body = listed.json()
    expect(body.node).toBe('node-a')
    expect(body.nodes.map((node: { id: string; self: boolean }) => [node.id, node.self])).toEqual([
      ['node-a', true],
      ['node-b', false],
    ])
    expect(body.files.map((file: { name: string }) => file.name)).toEqual([
      'brokerdesk-node-a.2026-11-26.1.log',
    ])
  })

  it('asks another node for its files, their lines and the download', async () => {
    const listed = (await admin.get('/admin/file-log/index?node=node-b')).json()
    expect(listed.node).toBe('node-b')
    expect(listed.files.map((file: { name: string }) => file.name)).toEqual([
      'brokerdesk-node-b.2026-11-26.1.log',
    ])
    const lines = (
      await admin.get('/admin/file-log/index?node=node-b&file=brokerdesk-node-b.2026-11-26.1.log&lines=2')
    ).json()
    expect(lines.lines).toEqual(['two', 'three'])
    const download = await admin.get('/admin/down-log?node=node-b&file=brokerdesk-node-b.2026-11-26.1.log')
    expect(download.statusCode).toBe(200)
    expect(download.body).toBe('one\ntwo\nthree\n')
    expect(download.headers['content-disposition']).toContain('brokerdesk-node-b.2026-11-26.1.log')
  })

  it("passes on the other node's refusals and answers 404 for a node that is not there", async () => {
    expect((await admin.get('/admin/file-log/index?node=node-b&file=..%2Fsecret')).statusCode).toBe(400)
    expect((await admin.get('/admin/file-log/index?node=node-b&file=missing.log')).statusCode).toBe(404)
    expect((await admin.get('/admin/file-log/index?node=node-z')).statusCode).toBe(404)
  })

  it('keeps the node routes to the nodes: without the node key they do not exist', async () => {
    const port = (other.server.address() as { port: number }).port
    const bare = await fetch(`http://127.0.0.1:${port}/_node/file-log/index`)
    expect(bare.status).toBe(404)
    const wrong = await fetch(`http://127.0.0.1:${port}/_node/down-log`, {
      headers: { [NODE_KEY_HEADER]: nodeKey('another key that is long enough to be one') },
    })
    expect(wrong.status).toBe(404)
    const right = await fetch(`http://127.0.0.1:${port}/_node/down-log`, {
      headers: { [NODE_KEY_HEADER]: nodeKey(other.appKey) },
    })
    expect(await right.text()).toBe('one\ntwo\nthree\n')
  })

  it('needs the administrator: a visitor cannot ask another node', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/web-api/admin/file-log/index?node=node-b' })).statusCode,
    ).toBe(401)
  })
})
