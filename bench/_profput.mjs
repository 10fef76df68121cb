import { createBenchDatabase, startServer } from './lib/writes.mjs'
const database = await createBenchDatabase()
const server = await startServer(database.url, 'ours')
try {
  const list = await (await fetch(`${server.base}/api/admin/products/list?per_page=10`, { headers: server.headers })).json()
  console.log(JSON.stringify(list).slice(0,300)); const id = (list.data ?? list.list?.data)[0].id
  const t0 = performance.now()
  for (let i = 0; i < 1500; i++) {
    const r = await fetch(`${server.base}/api/admin/products/${id}`, { method: 'PUT', headers: server.headers, body: JSON.stringify({ name: `N-${String(i).padStart(7, '0')}` }) })
    await r.arrayBuffer()
  }
  console.log('per PUT ms', (performance.now() - t0) / 1500)
} finally {
  await server.stop()
  await database.drop()
}
