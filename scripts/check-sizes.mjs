// Keeps source files under 400 lines and functions under 120 (issue 26): a long file or function is
// where a second rule hides. A few are allowed to be longer, each for a reason (scripts/sizes-allowed.json).
//   node scripts/check-sizes.mjs          exits 1 and lists what is over, or what the list allows needlessly
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const root = path.resolve(import.meta.dirname, '..')
const MAX_FILE_LINES = 400
const MAX_FUNCTION_LINES = 120
const FOLDERS = ['packages/shared/src', 'packages/server/src', 'packages/web/src', 'e2e', 'bench', 'scripts']
const allowed = JSON.parse(fs.readFileSync(path.join(root, 'scripts/sizes-allowed.json'), 'utf8'))

function* sourceFiles(folder) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'results' && entry.name !== 'dist')
        yield* sourceFiles(full)
    } else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full
  }
}

/** The name a function is known by: its own, its variable's, its property's, or its method's. */
function nameOf(node) {
  if (node.name) return node.name.getText()
  const parent = node.parent
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name)
    return parent.name.getText()
  return '(anonymous)'
}

const over = []
for (const folder of FOLDERS) {
  const full = path.join(root, folder)
  if (!fs.existsSync(full)) continue
  for (const file of sourceFiles(full)) {
    const rel = path.relative(root, file).split(path.sep).join('/')
    if (/\.(test|spec)\.tsx?$/.test(rel)) continue
    const text = fs.readFileSync(file, 'utf8')
    const lines = text.split('\n').length
    if (lines > MAX_FILE_LINES) over.push({ key: rel, lines, limit: MAX_FILE_LINES })
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart()).line
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
        if (end - start + 1 > MAX_FUNCTION_LINES)
          over.push({ key: `${rel}:${nameOf(node)}`, lines: end - start + 1, limit: MAX_FUNCTION_LINES })
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
}

const allowedKeys = new Map(Object.entries(allowed))
const failures = over.filter(({ key }) => !allowedKeys.has(key))
const needless = [...allowedKeys.keys()].filter((key) => !over.some((o) => o.key === key))
for (const { key, lines, limit } of failures) console.error(`${key}: ${lines} lines (limit ${limit})`)
for (const key of needless) console.error(`${key}: allowed in scripts/sizes-allowed.json but no longer over`)
if (failures.length || needless.length) {
  console.error(
    `\n${failures.length} over the limits, ${needless.length} allowed needlessly: split what is over (or allow it with a reason).`,
  )
  process.exit(1)
}
console.log(
  `sizes: every file ≤ ${MAX_FILE_LINES} lines and function ≤ ${MAX_FUNCTION_LINES}, but ${allowedKeys.size} allowed`,
)
