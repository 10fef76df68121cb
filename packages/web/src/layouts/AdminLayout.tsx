import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons'
import { Button, Layout } from 'antd'
import { Suspense, useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { MaintenanceBanner } from '../app/maintenance-banner'
import { Brand } from '../components/Brand'
import { PaletteTrigger } from '../components/command-palette/PaletteTrigger'
import { PageLoading } from '../components/PageLoading'
import { AdminBreadcrumb } from './AdminBreadcrumb'
import { AdminMenu } from './AdminMenu'
import { HeaderActions } from './HeaderActions'

const SIDER_WIDTH = 232
/** Below antd's `lg` breakpoint, where the Sider's `breakpoint="lg"` hides it (as antd's Sider asks it). */
const BELOW_LG = '(max-width: 991.98px)'

/** Whether the sider starts hidden: read at the first render, not after the Sider's effect. */
const belowLg = () => window.matchMedia?.(BELOW_LG).matches ?? false

/** The back office: a sider with the menu tree, a header, and the page. */
export default function AdminLayout() {
  const { t } = useTranslation()
  // Known at the first render: on a phone the layout drew the open sider and its whole menu first,
  // then again hidden once antd's Sider had told the breakpoint (after an effect).
  const [collapsed, setCollapsed] = useState(belowLg)
  const [narrow, setNarrow] = useState(belowLg)
  const expand = useCallback(() => setCollapsed(false), [])

  return (
    <Layout className="bd-admin">
      <a className="bd-skip-link" href="#content">
        {t('app.skip_to_content')}
      </a>
      <Layout.Sider
        className="bd-admin__sider"
        width={SIDER_WIDTH}
        collapsible
        collapsed={collapsed}
        collapsedWidth={narrow ? 0 : 72}
        breakpoint="lg"
        onBreakpoint={(broken) => {
          setNarrow(broken)
          setCollapsed(broken)
        }}
        trigger={null}
        theme="light"
      >
        <div className="bd-admin__logo">
          <Brand to="/admin/index" compact={collapsed} />
        </div>
        <nav aria-label={t('nav.main_menu')}>
          {/* Hidden (0 px wide) on a narrow screen until opened: its rows are not drawn meanwhile. */}
          <AdminMenu collapsed={collapsed} hidden={narrow && collapsed} onExpand={expand} />
        </nav>
      </Layout.Sider>
      {narrow && !collapsed && (
        <button
          type="button"
          className="bd-admin__backdrop"
          aria-label={t('nav.collapse_menu')}
          onClick={() => setCollapsed(true)}
        />
      )}
      <Layout>
        <Layout.Header className="bd-admin__header">
          <Button
            type="text"
            className="bd-header-button"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={t(collapsed ? 'nav.expand_menu' : 'nav.collapse_menu')}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed((value) => !value)}
          />
          <AdminBreadcrumb />
          <HeaderActions area="admin" leading={<PaletteTrigger />} />
        </Layout.Header>
        <MaintenanceBanner />
        <Layout.Content id="content" className="bd-admin__content">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  )
}
