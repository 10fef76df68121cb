// What the SPA's chunks are made of: builds packages/web (its own vite config) into a temporary
// folder and prints, per package (node_modules name, or the SPA / shared source folder), the code it
// adds, raw and gzip (each module's rendered code gzipped alone, so a little above its share of the
// chunk's gzip). With file names (or the output of bench/first-page-js.mjs piped in), only those
// chunks are counted: what a first page loads.
//
//   node bench/bundle-report.mjs                      every chunk
//   node bench/first-page-js.mjs URL | node bench/bundle-report.mjs -   the chunks that page loads
//   BENCH_TOP (default 40): how many rows to print
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { root } from './support.mjs'

const webDir = path.join(root, 'packages/web')
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerdesk-bundle-'))
const top = Number(process.env.BENCH_TOP ?? 40) || 40

let wanted = null
if (process.argv[2] === '-') {
  const input = fs.readFileSync(0, 'utf8')
  wanted = new Set([...input.matchAll(/\/assets\/([^\s]+\.js)/g)].map((m) => m[1]))
} else if (process.argv.length > 2) wanted = new Set(process.argv.slice(2).map((f) => path.basename(f)))

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
