// What the SPA's chunks are made of: builds packages/web (its own vite config) into a temporary
// folder and prints, per package (node_modules name, or the SPA / shared source folder), the code it
// adds, raw and gzip (each module's rendered code gzipped alone, so a little above its share of the
// chunk's gzip). With file names (or the output of bench/first-page-js.mjs piped in), only those
// chunks are counted: what a first page loads.
//
//   node bench/bundle-report.mjs                      every chunk
//   node bench/first-page-js.mjs URL | node bench/bundle-report.mjs -   the chunks that page loads
//   node bench/bundle-report.mjs first-page.txt        the same from a saved listing
//   node bench/bundle-report.mjs assets/a-1.js …       the chunks named
//   BENCH_TOP (default 40): how many rows to print
//   BENCH_WHY=regex: also prints how the entry reaches the counted modules matching it (the shortest
//     chain of imports, ` -> ` static, ` ~> ` dynamic; with a listing, only through its chunks)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { root } from './support.mjs'

const webDir = path.join(root, 'packages/web')
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-bundle-'))
const top = Number(process.env.BENCH_TOP ?? 40) || 40

/** The chunk names in a listing such as bench/first-page-js.mjs prints (every `/assets/….js`). */
function chunksIn(text) {
  return [...text.matchAll(/\/assets\/([^\s]+\.js)/g)].map((m) => m[1])
}

/** Standard input read through its stream: a pipe may be non-blocking, where readFileSync(0) fails with EAGAIN. */
async function readStdin() {
  let text = ''
  process.stdin.setEncoding('utf8')
  for await (const part of process.stdin) text += part
  return text
}

let wanted = null
const args = process.argv.slice(2)
if (args.length) {
  wanted = new Set()
  for (const arg of args) {
    if (arg === '-') for (const name of chunksIn(await readStdin())) wanted.add(name)
    else if (arg.endsWith('.js')) wanted.add(path.basename(arg))
    // Any other argument is a file holding such a listing (e.g. the saved output of first-page-js.mjs).
    else for (const name of chunksIn(fs.readFileSync(arg, 'utf8'))) wanted.add(name)
  }
}

const why = process.env.BENCH_WHY ? new RegExp(process.env.BENCH_WHY) : null
const imports = new Map()
const chunks = []
await build({
  root: webDir,
  configFile: path.join(webDir, 'vite.config.ts'),
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true },
  plugins: [
    {
      name: 'bundle-report',
      generateBundle(_options, bundle) {
        for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') chunks.push(chunk)
        if (why) for (const id of this.getModuleIds()) imports.set(id, this.getModuleInfo(id))
      },
    },
  ],
})
fs.rmSync(outDir, { recursive: true, force: true })

/** The package a module belongs to: its node_modules name, or its source folder in this repository. */
function owner(id) {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '')
  const match = clean.match(/node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/g)
  if (match) return match[match.length - 1].replace(/^node_modules[\\/]/, '')
  const rel = path.relative(root, clean)
  if (rel.startsWith('..')) return clean
  return rel.split(path.sep).slice(0, 5).join('/')
}

const groups = new Map()
let counted = 0
for (const chunk of chunks) {
  if (wanted && !wanted.has(path.basename(chunk.fileName))) continue
  counted++
  for (const [id, info] of Object.entries(chunk.modules)) {
    const code = info.code ?? ''
    const group = groups.get(owner(id)) ?? { raw: 0, gzip: 0, modules: 0 }
    group.raw += code.length
    group.gzip += code.length ? gzipSync(code).length : 0
    group.modules++
    groups.set(owner(id), group)
  }
}
const rows = [...groups.entries()].sort((a, b) => b[1].gzip - a[1].gzip)
const kb = (n) => `${(n / 1024).toFixed(1)} kB`
for (const [name, g] of rows.slice(0, top))
  console.log(
    `${kb(g.gzip).padStart(9)} gzip ${kb(g.raw).padStart(9)} raw ${String(g.modules).padStart(4)} modules  ${name}`,
  )
const sum = (key) => rows.reduce((s, [, g]) => s + g[key], 0)
console.log(
  `${kb(sum('gzip')).padStart(9)} gzip ${kb(sum('raw')).padStart(9)} raw  in ${counted} chunks${wanted ? ` of ${wanted.size} named` : ''}`,
)

if (why) {
  const chunkOf = new Map()
  for (const chunk of chunks) for (const id of Object.keys(chunk.modules)) chunkOf.set(id, chunk.fileName)
  // A module in no chunk rendered nothing (e.g. an index that only re-exports): the chain passes through it.
  const counted = (id) => !wanted || !chunkOf.has(id) || wanted.has(path.basename(chunkOf.get(id)))
  const short = (id) =>
    owner(id) === path.relative(root, id) ? owner(id) : `${owner(id)} (${path.basename(id)})`
  const entries = chunks
    .filter((chunk) => chunk.isEntry && chunk.facadeModuleId)
    .map((chunk) => chunk.facadeModuleId)
  // Breadth first from the entries, static imports before dynamic ones: the chain the bundle follows.
  const via = new Map(entries.map((id) => [id, null]))
  const queue = [...entries]
  while (queue.length) {
    const id = queue.shift()
    const info = imports.get(id)
    if (!info) continue
    for (const [next, kind] of [
      ...info.importedIds.map((next) => [next, '->']),
      ...info.dynamicallyImportedIds.map((next) => [next, '~>']),
    ]) {
      if (via.has(next) || !counted(next)) continue
      via.set(next, [id, kind])
      queue.push(next)
    }
  }
  const shown = new Set()
  for (const id of via.keys()) {
    if (!why.test(id) || !chunkOf.has(id) || !counted(id) || shown.has(owner(id))) continue
    shown.add(owner(id))
    const chain = [short(id)]
    for (let step = via.get(id); step; step = via.get(step[0])) chain.unshift(`${short(step[0])} ${step[1]}`)
    console.log(`\nwhy ${owner(id)}:\n  ${chain.join('\n  ')}`)
  }
}
