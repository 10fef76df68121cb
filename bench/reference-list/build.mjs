// Builds the reference pages with the same Vite (and the same dependencies) as the SPA — the bare list
// (/reference-list/) and the stack reference (/reference-stack/: the same table inside the router,
// i18n and query libraries DESIGN.md names) — and puts them beside a copy of the SPA's build, so one
// server serves all from one origin and one session:
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
const config = path.join(here, 'vite.config.ts')
execFileSync('npx', ['vite', 'build', '--config', config], { stdio: 'inherit' })
execFileSync('npx', ['vite', 'build', '--config', config], {
  stdio: 'inherit',
  env: { ...process.env, REFERENCE_PAGE: 'stack' },
})
// Served as /reference-stack/index.html, like the bare page's.
fs.renameSync(
  path.join(results, 'reference-stack', 'stack.html'),
  path.join(results, 'reference-stack', 'index.html'),
)

const target = path.join(results, 'web-dist')
fs.rmSync(target, { recursive: true, force: true })
fs.cpSync(webDist, target, { recursive: true })
for (const name of ['reference-list', 'reference-stack']) {
  const reference = path.join(target, name)
  fs.cpSync(path.join(results, name), reference, { recursive: true })
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
}
console.log(`SPA and references in ${target}: serve it with WEB_DIST=${path.relative(process.cwd(), target)}`)
