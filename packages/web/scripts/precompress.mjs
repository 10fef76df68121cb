// Writes .br and .gz beside every text asset of the build, so the server sends them compressed
// without compressing on each request (@fastify/static `preCompressed`).
import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = path.resolve(import.meta.dirname, '../dist')
const TEXT = /\.(js|css|html|json|svg|txt|map)$/

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else yield full
  }
}

let count = 0
for (const file of files(dist)) {
  if (!TEXT.test(file) || file.endsWith('index.html')) continue
  const body = fs.readFileSync(file)
  if (body.length < 1024) continue
  fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
  fs.writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  )
  count++
}
console.log(`precompressed ${count} files`)
