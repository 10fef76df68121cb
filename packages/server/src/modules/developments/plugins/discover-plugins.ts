import fs from 'node:fs'
import path from 'node:path'
import { type FoundPlugin, loadPlugin, MANIFEST_FILE } from './load-plugin'

export interface PluginLocations {
  /** Folders whose sub-folders holding a plugin.json are plug-ins. */
  dirs: readonly string[]
  /** npm packages holding a plugin.json at their root, looked up in node_modules from `from` upwards. */
  packages: readonly string[]
  from: string
}

function folderPlugins(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, MANIFEST_FILE)))
    .map((entry) => path.join(dir, entry.name))
    .sort()
}

/** Where Node would find the package: node_modules of `from` and of each folder above it. */
function packageDir(name: string, from: string): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name)
    if (fs.existsSync(path.join(candidate, MANIFEST_FILE))) return candidate
    if (path.dirname(dir) === dir) return undefined
  }
}

/**
 * The plug-ins of the plug-in folders and packages, read once at start (a plug-in added later is
 * found at the next start). A name, page or table another plug-in already took makes the later
 * one unusable, with the reason.
 */
export function discoverPlugins(locations: PluginLocations): FoundPlugin[] {
  const found: FoundPlugin[] = [
    ...locations.dirs.flatMap(folderPlugins).map((dir) => loadPlugin(dir, 'folder')),
    ...locations.packages.map((name) => {
      const dir = packageDir(name, locations.from)
      return dir
        ? loadPlugin(dir, 'package')
        : { name, dir: '', source: 'package' as const, error: `the package ${name} has no ${MANIFEST_FILE}` }
    }),
  ]
  const names = new Set<string>()
  const pages = new Set<string>()
  const tables = new Set<string>()
  const plugins: FoundPlugin[] = []
  for (const plugin of found) {
    if (names.has(plugin.name)) continue
    names.add(plugin.name)
    const manifest = plugin.manifest
    const clash = manifest?.pages.find((page) => pages.has(page.resource) || tables.has(page.table))
    if (manifest && clash) {
      plugins.push({
        ...plugin,
        manifest: undefined,
        error: `another plug-in serves ${clash.resource} or ${clash.table}`,
      })
      continue
    }
    for (const page of manifest?.pages ?? []) {
      pages.add(page.resource)
      tables.add(page.table)
    }
    plugins.push(plugin)
  }
  return plugins
}
