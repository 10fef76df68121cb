// Builds the reference list page with the same Vite (and the same dependencies) as the SPA, and puts
// it beside a copy of the SPA's build, so one server serves both from one origin and one session:
//   npm run build && node bench/reference-list/build.mjs
//   WEB_DIST=bench/results/web-dist … node packages/server/dist/main.js   (then bench/first-rows.mjs)
// Its files are compressed ahead like the SPA's (.br and .gz beside each), so both are served alike.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const here = import.meta.dirname
const results = path.join(here, '..', 'results')
const webDist = path.join(here, '..', '..', 'packages', 'web', 'dist')
if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('Build the SPA first: npm run build')
execFileSync('npx', ['vite', 'build', '--config', path.join(here, 'vite.config.ts')], { stdio: 'inherit' })

const target = path.join(results, 'web-dist')
fs.rmSync(target, { recursive: true, force: true })
fs.cpSync(webDist, target, { recursive: true })
const reference = path.join(target, 'reference-list')
fs.cpSync(path.join(results, 'reference-list'), reference, { recursive: true })
for (const file of fs.readdirSync(reference, { recursive: true })) {
  const full = path.join(reference, file)
  if (!/\.(js|css|svg)$/.test(full)) continue
  const body = fs.readFileSync(full)
  fs.writeFileSync(
    `${full}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  )
  fs.writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }))
}
console.log(`SPA and reference in ${target}: serve it with WEB_DIST=${path.relative(process.cwd(), target)}`)
