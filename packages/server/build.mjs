// Bundles the server into dist/main.js (and the demo seed into dist/seed-demo.js): our workspace code is inlined, npm dependencies stay external.
import fs from 'node:fs'
import { build } from 'esbuild'

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@brokerdesk/'))

fs.rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true })
await build({
  entryPoints: { main: 'src/main.ts', 'seed-demo': 'src/db/seed/demo/run-seed-demo.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
})
fs.cpSync(new URL('./src/db/migrations', import.meta.url), new URL('./dist/migrations', import.meta.url), {
  recursive: true,
})
