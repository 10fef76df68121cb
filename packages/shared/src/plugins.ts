/** Where a plug-in was found: a folder under a plugins directory, or an npm package. */
export type PluginSource = 'folder' | 'package'

/** A plug-in as the developer console lists it (`GET /admin/developments/plugins`). */
export interface PluginSummary {
  name: string
  title: string
  description: string
  /** The version of the manifest found on disk; empty when only the installation is left. */
  version: string
  source: PluginSource | null
  /** The version installed in this database, or null. */
  installed_version: string | null
  installed_at: string | null
  /** The urls of its menu items (its pages). */
  menus: string[]
  /** The resources its pages serve. */
  pages: string[]
  /** Why the manifest cannot be used (it can then be neither installed nor served). */
  error: string | null
  /**
   * Uninstalled with its data kept (its tables stay): installing it again uses them, and only the
   * migrations added since run; DELETE with `drop_data` drops them.
   */
  data_kept: boolean
}
