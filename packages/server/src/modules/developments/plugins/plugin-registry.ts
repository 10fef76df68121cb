import type { ResourceBinding } from '../../../resource/types'
import { discoverPlugins, type PluginLocations } from './discover-plugins'
import type { FoundPlugin } from './load-plugin'
import { buildPluginBinding } from './plugin-binding'

/** The plug-ins found at start, and the resources their pages serve by name. */
export interface PluginRegistry {
  found: FoundPlugin[]
  bindings: Map<string, ResourceBinding>
}

/**
 * Reads the plug-ins once at start. Every usable plug-in's pages get their routes then, installed
 * or not: until it is installed no menu item leads to them, so authorize refuses them to everyone,
 * and installing in one server process makes them work in every process on the database.
 */
export function loadPluginRegistry(locations: PluginLocations): PluginRegistry {
  const found = discoverPlugins(locations)
  const bindings = new Map<string, ResourceBinding>()
  for (const plugin of found) {
    for (const page of plugin.manifest?.pages ?? []) bindings.set(page.resource, buildPluginBinding(page))
  }
  return { found, bindings }
}
