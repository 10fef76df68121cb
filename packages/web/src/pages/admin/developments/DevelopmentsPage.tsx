import './developments.css'
import { Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useHeldRoutes } from '../../../app/permissions'
import { PageFrame, type ResourcePageProps } from '../../../components/resource/ResourcePage'
import { menuLabel } from '../../../i18n/menu-label'
import { CommandsTab } from './CommandsTab'
import { URLS } from './developments-api'
import { LayoutTab } from './LayoutTab'
import { PluginsTab } from './PluginsTab'
import { TablesTab } from './TablesTab'

const TAB_KEYS = ['commands', 'tables', 'layout', 'plugins'] as const

/**
 * /admin/developments/index, the developer console: commands, the database's tables, the layout of
 * a resource's pages and the plug-ins, each tab as far as the user's items allow (commands and
 * layouts only on a local server).
 */
export default function DevelopmentsPage({ title }: ResourcePageProps) {
  const { t } = useTranslation()
  const can = useHeldRoutes()
  const [search, setSearch] = useSearchParams()
  const tabs = [
    { key: 'commands', children: <CommandsTab canRun={can(URLS.command, 'POST')} /> },
    can(URLS.tables, 'GET') && { key: 'tables', children: <TablesTab /> },
    { key: 'layout', children: <LayoutTab canSave={can(URLS.layout, 'POST')} /> },
    can(URLS.plugins, 'GET') && {
      key: 'plugins',
      children: (
        <PluginsTab canInstall={can(URLS.plugins, 'POST')} canUninstall={can(URLS.plugins, 'DELETE')} />
      ),
    },
  ]
    .filter((tab) => tab !== false)
    .map((tab) => ({ ...tab, label: t(`developments.tabs.${tab.key}`) }))
  const wanted = search.get('tab')
  const active = tabs.some((tab) => tab.key === wanted) ? (wanted as (typeof TAB_KEYS)[number]) : tabs[0].key
  return (
    <PageFrame title={menuLabel(title)}>
      <Tabs
        activeKey={active}
        onChange={(key) => setSearch({ tab: key }, { replace: true })}
        items={tabs}
        destroyOnHidden
      />
    </PageFrame>
  )
}
