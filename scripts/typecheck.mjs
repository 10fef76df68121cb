// Type-checks every package (`npm run typecheck`): the four `tsc -p` runs side by side, as many at once
// as the machine has cores, the largest first. One after another they took 54 s on two cores (79 s of
// CPU, the server's and the web's 24 s and 21 s each); side by side, about what the cores allow.
//   node scripts/typecheck.mjs    exits 1 when any package fails, after printing each one's errors
import { spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const tsc = path.join(root, 'node_modules/typescript/bin/tsc')
const PROJECTS = ['packages/server', 'packages/web', 'e2e', 'packages/shared']

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--pretty'], { cwd: root })
    const output = []
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.on('close', (code) => resolve({ project, code, output: Buffer.concat(output).toString() }))
  })
}

const waiting = [...PROJECTS]
const results = []
async function worker() {
  for (let project = waiting.shift(); project; project = waiting.shift()) results.push(await check(project))
}
await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), PROJECTS.length) }, worker))

let failed = 0
for (const { project, code, output } of results) {
  if (code === 0) continue
  failed++
  process.stdout.write(`tsc -p ${project} failed:\n${output}\n`)
}
process.exit(failed > 0 ? 1 : 0)
