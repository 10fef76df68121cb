import type {
  CommandName,
  CommandResult,
  CommandSpec,
  PageLayout,
  PluginSummary,
  TableInfo,
  TPageLayoutInput,
} from '@brokerdesk/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { http } from '../../../api/http'

export const URLS = {
  index: '/admin/developments/index',
  command: '/admin/developments/command',
  tables: '/admin/developments/tables',
  layout: '/admin/developments/layout',
  plugins: '/admin/developments/plugins',
} as const

export const PLUGINS_KEY = ['developments', 'plugins'] as const

/** GET /admin/developments/index: the commands of the allowlist with their parameters. */
export function useConsole() {
  return useQuery({
    queryKey: ['developments', 'index'],
    queryFn: () => http.get<{ commands: CommandSpec[]; env: string }>(URLS.index),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function runCommand(command: CommandName, params: Record<string, unknown>) {
  return http.post<CommandResult>(URLS.command, { command, ...params })
}

/** GET /admin/developments/tables, filtered on the server by a keyword. */
export function useTables(keyword: string) {
  return useQuery({
    queryKey: ['developments', 'tables', keyword],
    queryFn: async () => (await http.get<{ tables: TableInfo[] }>(URLS.tables, { keyword })).tables,
    placeholderData: keepPreviousData,
  })
}

export function saveLayout(layout: TPageLayoutInput) {
  return http.post<{ layout: PageLayout }>(URLS.layout, layout)
}

export function usePlugins() {
  return useQuery({
    queryKey: PLUGINS_KEY,
    queryFn: async () => (await http.get<{ plugins: PluginSummary[] }>(URLS.plugins)).plugins,
  })
}

export function installPlugin(name: string) {
  return http.post<{ name: string; version: string; menus: number }>(URLS.plugins, { name })
}

/** Uninstalls a plug-in; its tables stay unless `dropData` (which also drops the data an earlier uninstall kept). */
export function uninstallPlugin(name: string, dropData: boolean) {
  return http.delete<{ name: string; menus: number; data_dropped: boolean }>(URLS.plugins, {
    name,
    drop_data: dropData,
  })
}
