// The dependency rules of the tree (issue 26), read from the code's own imports:
// - no import cycle between source files (type-only imports count: they tie the files' meaning);
// - server and web never import each other; shared imports neither;
// - the layers modules build on — the resource engine (server/src/resource), the access rule
//   (server/src/access) and the operation-log writer (server/src/operation-log) — import no module
//   (server/src/modules): modules build on them, not the other way round.
//   node scripts/check-imports.mjs      exits 1 and names each broken rule
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const root = path.resolve(import.meta.dirname, '..')
const PACKAGES = ['shared', 'server', 'web'].map((name) => path.join(root, 'packages', name, 'src'))
/** The folders below the modules: they import no module. */
const BELOW_MODULES = ['resource', 'access', 'operation-log'].map((name) => `packages/server/src/${name}/`)

const rel = (file) => path.relative(root, file).split(path.sep).join('/')

function* sources(folder) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) yield* sources(full)
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.tsx?$|\.d\.ts$/.test(entry.name)) yield full
  }
}

function resolve(from, specifier) {
  let base
  if (specifier === '@brokerdesk/shared') base = path.join(root, 'packages/shared/src/index')
  else if (specifier.startsWith('@brokerdesk/server'))
    base = path.join(root, 'packages/server/src', specifier.slice(19))
  else if (specifier.startsWith('@brokerdesk/web'))
    base = path.join(root, 'packages/web/src', specifier.slice(16))
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
  else return null
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate
  return null
}

/** Every file's imports: static ones, re-exports and `import()` with a literal. */
const graph = new Map()
for (const folder of PACKAGES)
  for (const file of sources(folder)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    const targets = new Set()
    const visit = (node) => {
      const literal =
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
          ? node.moduleSpecifier
          : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
            ? node.arguments[0]
            : undefined
      if (literal && ts.isStringLiteral(literal)) {
        const target = resolve(file, literal.text)
        if (target) targets.add(target)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
    graph.set(file, targets)
  }

const broken = []
const packageOf = (file) => rel(file).split('/')[1]
for (const [file, targets] of graph)
  for (const target of targets) {
    const edge = `${rel(file)} -> ${rel(target)}`
    const [from, to] = [packageOf(file), packageOf(target)]
    if (from !== to && !(to === 'shared')) broken.push(`${edge}: ${from} may not import ${to}`)
    const below = BELOW_MODULES.find((folder) => rel(file).startsWith(folder))
    if (below && rel(target).startsWith('packages/server/src/modules/'))
      broken.push(`${edge}: ${below} is below the modules and imports none`)
  }

// Cycles: the strongly connected components of more than one file (Tarjan).
let index = 0
const state = new Map()
const stack = []
function connect(file) {
  const mine = { index, low: index, onStack: true }
  index++
  state.set(file, mine)
  stack.push(file)
  for (const target of graph.get(file) ?? []) {
    if (!graph.has(target)) continue
    const theirs = state.get(target)
    if (!theirs) {
      connect(target)
      mine.low = Math.min(mine.low, state.get(target).low)
    } else if (theirs.onStack) mine.low = Math.min(mine.low, theirs.index)
  }
  if (mine.low !== mine.index) return
  const component = []
  let member
  do {
    member = stack.pop()
    state.get(member).onStack = false
    component.push(member)
  } while (member !== file)
  if (component.length > 1) broken.push(`import cycle: ${component.map(rel).sort().join(' <-> ')}`)
}
for (const file of graph.keys()) if (!state.has(file)) connect(file)

for (const line of broken) console.error(line)
if (broken.length) process.exit(1)
console.log(
  `imports: ${graph.size} files, no cycle, no import across packages but of shared, the engine, the access rule and the log writer import no module`,
)
