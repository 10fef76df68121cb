import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages, products, uploads, users } from '../../db/schema/index'
import { type AdminClient, adminClient } from '../../resource/testing/admin-client'
import { insertFirm, insertScopedAdmin } from '../../resource/testing/factories'
import { loginAs } from '../../testing/login-as'
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server'
import { createTestApp, type TestApp } from '../../testing/test-app'

/** A small PNG of its own (noise: no two are alike). */
function png(size = 8): Buffer {
  const image = new PNG({ width: size, height: size })
  for (let i = 0; i < image.data.length; i++) image.data[i] = Math.floor(Math.random() * 256)
  return PNG.sync.write(image)
}

/** Uploads a file as a user through POST /home/upload/index; answers its record. */
async function upload(app: FastifyInstance, userId: number, name = 'picture.png', data = png()) {
  const boundary = `----brokerdesk${Date.now()}`
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`
  const response = await app.inject({
    method: 'POST',
    url: '/api/home/upload/index',
    headers: {
      ...(await loginAs(app, userId)).api,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  })
  expect(response.statusCode, response.body).toBe(200)
  const url = response.json().url as string
  const [row] = await app.db.select().from(uploads).where(eq(uploads.url, url))
  return row
}

const newUser = async (app: FastifyInstance, uname: string, departmentId = 0) =>
  (
    await app.db
      .insert(users)
      .values({ uname, name: `${uname} name`, status: 1, department_id: departmentId })
      .returning()
  )[0]

const listed = async (client: AdminClient, query = '') => {
  const response = await client.get(`/admin/uploads/list?per_page=100${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data as Array<Record<string, unknown>>
}

describe('the file manager on local disk', () => {
  let t: TestApp
  let root: AdminClient

  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOAD_QUOTA_MB: '2' } })
    root = await adminClient(t.app)
  })
  afterAll(() => t.close())

  it('lists every file with its owner and the records using it', async () => {
    const owner = await newUser(t.app, 'fmowner1')
    const poster = await upload(t.app, owner.id, 'poster.png')
    const logo = await upload(t.app, owner.id, 'logo.png')
    const inline = await upload(t.app, owner.id, 'inline.png')
    const avatar = await upload(t.app, owner.id, 'avatar.png')
    const unused = await upload(t.app, owner.id, 'unused.png')
    const firm = await insertFirm(t.app.db, { name: 'FM firm', type: 1, logo: logo.url })
    const [product] = await t.app.db
      .insert(products)
      .values({ name: 'FM product', uid: 'FM-1', firm_id: firm.id, poster: poster.url })
      .returning()
    await t.app.db
      .insert(messages)
      .values({ title: 'FM notice', content: `<p><img src="${inline.url}"></p>` })
    await t.app.db.update(users).set({ avatar: avatar.url }).where(eq(users.id, owner.id))
    // A deleted product no longer uses its poster.
    await t.app.db
      .insert(products)
      .values({ name: 'FM gone', uid: 'FM-2', firm_id: firm.id, poster: unused.url, deleted_at: new Date() })

    const rows = await listed(root, `&user_id=${owner.id}`)
    const byName = new Map(rows.map((row) => [row.name, row]))
    expect(rows).toHaveLength(5)
    expect(byName.get('poster.png')).toMatchObject({
      owner_name: 'fmowner1 name',
      mime: 'image/png',
      provider: 'local',
      size: poster.size,
      used: 1,
      used_by: [{ resource: 'products', id: product.id, field: 'poster', name: 'FM product' }],
    })
    expect(byName.get('logo.png')?.used_by).toEqual([
      { resource: 'firms', id: firm.id, field: 'logo', name: 'FM firm' },
    ])
    expect(byName.get('inline.png')?.used_by).toMatchObject([
      { resource: 'messages', field: 'content', name: 'FM notice' },
    ])
    expect(byName.get('avatar.png')?.used_by).toEqual([
      { resource: 'users', id: owner.id, field: 'avatar', name: 'fmowner1 name' },
    ])
    expect(byName.get('unused.png')).toMatchObject({ used: 0, used_by: [] })

    const exported = (await root.get(`/admin/uploads/excel?layout=arrays&user_id=${owner.id}`)).json()
    expect(exported.columns).toEqual(expect.arrayContaining(['name', 'url', 'user_id', 'mime', 'size']))
    expect(exported.columns).not.toContain('used_by')
    expect(exported.data).toHaveLength(5)
  })

  it('deletes only what nothing uses: the bytes go and the quota is freed', async () => {
    const owner = await newUser(t.app, 'fmowner2')
    const used = await upload(t.app, owner.id, 'used.png')
    const free = await upload(t.app, owner.id, 'free.png', png(300))
    await insertFirm(t.app.db, { name: 'FM firm 2', type: 1, logo: used.url })
    const usage = async () =>
      (await root.get(`/admin/uploads/usage?user_id=${owner.id}`)).json().data[0] as Record<string, number>
    expect(await usage()).toMatchObject({ user_id: owner.id, files: 2, bytes: used.size + free.size })

    const refused = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/uploads',
      headers: { ...(await loginAs(t.app, 1)).api, language: 'zh-CN' },
      payload: { ids: [free.id, used.id] },
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors.ids[0]).toBe('文件“used.png”仍在使用中，不能删除')
    // Refused together: the free one stays too.
    expect(fs.existsSync(path.join(t.dataDir, free.url))).toBe(true)

    const deleted = await root.delete('/admin/uploads', { ids: [free.id] })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(fs.existsSync(path.join(t.dataDir, free.url))).toBe(false)
    expect((await t.app.inject({ method: 'GET', url: free.url })).statusCode).toBe(404)
    expect(await usage()).toMatchObject({ files: 1, bytes: used.size })
    expect((await listed(root, `&user_id=${owner.id}`)).map((row) => row.name)).toEqual(['used.png'])
  })

  it('shows a scoped administrator only the files and usage of the owners in scope', async () => {
    const unit = (await root.post('/admin/departments', { name: 'FM branch', parent_id: 0 })).json().row.id
    const inside = await newUser(t.app, 'fminside', unit)
    const outside = await newUser(t.app, 'fmoutside')
    const mine = await upload(t.app, inside.id, 'inside.png')
    const theirs = await upload(t.app, outside.id, 'outside.png')
    const { user } = await insertScopedAdmin(t.app.db, { departmentId: unit, dataScope: 'unit' })
    const scoped = await adminClient(t.app, user.id)

    const ids = (await listed(scoped)).map((row) => row.id)
    expect(ids).toContain(mine.id)
    expect(ids).not.toContain(theirs.id)
    const owners = (await scoped.get('/admin/uploads/usage'))
      .json()
      .data.map((row: { user_id: number }) => row.user_id)
    expect(owners).toContain(inside.id)
    expect(owners).not.toContain(outside.id)
    // A file out of scope is not deleted: nothing matches.
    expect((await scoped.delete('/admin/uploads', { ids: [theirs.id] })).json()).toMatchObject({ deleted: 0 })
    expect(fs.existsSync(path.join(t.dataDir, theirs.url))).toBe(true)
  })

  it("names the seeded super administrator in the reader's language", async () => {
    const file = await upload(t.app, 1, 'admin.png')
    const headers = { ...(await loginAs(t.app, 1)).api, language: 'zh-CN' }
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url: `/api${url}`, headers })).json()
    const [row] = (await get(`/admin/uploads/list?id=${file.id}`)).data
    expect(row.owner_name).toBe('管理员')
    expect((await get('/admin/uploads/usage?user_id=1')).data[0]).toMatchObject({
      user_id: 1,
      user_name: '管理员',
    })
  })

  it('refuses bad input with a 4xx', async () => {
    expect((await root.get('/admin/uploads/usage?user_id=abc')).statusCode).toBe(422)
    expect((await root.get('/admin/uploads/list?size=x,y')).statusCode).toBeLessThan(500)
    expect((await root.delete('/admin/uploads', { ids: ['1'] })).statusCode).toBeLessThan(500)
  })
})

describe('the file manager with an S3-compatible store', () => {
  let t: TestApp
  let s3: TestS3Server

  beforeAll(async () => {
    s3 = await startTestS3Server()
    t = await createTestApp({ env: s3.env })
  })
  afterAll(async () => {
    await t.close()
    await s3.close()
  })

  it('removes the object from the bucket', async () => {
    const owner = await newUser(t.app, 'fms3owner')
    const file = await upload(t.app, owner.id, 'bucket.png')
    expect(file.provider).toBe('s3')
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(200)
    const root = await adminClient(t.app)
    expect((await root.delete('/admin/uploads', { ids: [file.id] })).statusCode).toBe(200)
    // Looked up in the store itself: the record is gone and so is the object.
    await t.app.db.update(uploads).set({ deleted_at: null }).where(eq(uploads.id, file.id))
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404)
  })
})
