import fs from 'node:fs'
import path from 'node:path'
import type { PluginSource } from '@brokerdesk/shared'
import { checkManifest } from './check-manifest'
import { type LoadedManifest, ZPluginManifest } from './plugin-manifest'

export const MANIFEST_FILE = 'plugin.json'

/** A plug-in found on disk: its manifest ready to install and serve, or why it cannot be used. */
export interface FoundPlugin {
  name: string
  dir: string
  source: PluginSource
  manifest?: LoadedManifest
  error?: string
}

/** A file of the plug-in, refused when it resolves (links followed) outside the plug-in's folder. */
function readInside(dir: string, relative: string): string {
  const root = fs.realpathSync(dir)
  const file = fs.realpathSync(path.resolve(root, relative))
  if (!file.startsWith(`${root}${path.sep}`)) throw new Error(`${relative} is outside the plug-in`)
  return fs.readFileSync(file, 'utf8')
}

/** Reads and checks the plug-in in `dir`: its manifest and the SQL of its migrations. */
export function loadPlugin(dir: string, source: PluginSource): FoundPlugin {
  const fallbackName = path.basename(dir)
  let raw: unknown
  try {
    raw = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8'))
  } catch (error) {
    return { name: fallbackName, dir, source, error: `${MANIFEST_FILE}: ${(error as Error).message}` }
  }
  const parsed = ZPluginManifest.safeParse(raw)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    return { name: fallbackName, dir, source, error: issues.join('; ') }
  }
  const manifest = parsed.data
  const problems = checkManifest(manifest)
  if (problems.length > 0) return { name: manifest.name, dir, source, error: problems.join('; ') }
  try {
    const migrations = manifest.migrations.map((migration) => ({
      name: migration.name,
      up: readInside(dir, migration.up),
      down: readInside(dir, migration.down),
    }))
    return { name: manifest.name, dir, source, manifest: { ...manifest, migrations } }
  } catch (error) {
    return { name: manifest.name, dir, source, error: (error as Error).message }
  }
}
