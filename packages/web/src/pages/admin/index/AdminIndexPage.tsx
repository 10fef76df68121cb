import { UserOutlined } from '@ant-design/icons'
import { Avatar, Card } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../../../api/config'
import { useMenus } from '../../../api/queries'
import { displayName, roleName } from '../../../api/types'
import { countPages, groupMenu } from '../../../app/menu-tree'
import { useHeldRoutes } from '../../../app/permissions'
import { useDocumentTitle } from '../../../app/use-document-title'
import { dayjs } from '../../../i18n/dayjs'
import { useLocaleState } from '../../../i18n/language'
import { useMenuName } from '../../../i18n/menu-label'
import { useSession } from '../../../state/session'
import { DemoDataOffer } from './DemoDataOffer'
import { LoginCharts } from './LoginCharts'
import { ModuleCards } from './ModuleCards'
import { StatCards } from './StatCards'

/** /admin/index: the backstage home page — a welcome, the user's reach in the back office, the login charts. */
export default function AdminIndexPage() {
  const { t } = useTranslation()
  const { language } = useLocaleState()
  const { user, lifetime } = useSession()
  const menus = useMenus()
  const can = useHeldRoutes()
  const tree = useMemo(() => groupMenu(menus.data ?? [], 'admin'), [menus.data])
  const config = getConfig()
  useDocumentTitle(useMenuName('/admin/index'))

  const avatar = typeof user.avatar === 'string' && user.avatar ? user.avatar : config.def_avatar
  const stats = {
    role: roleName(user),
    modules: tree.length,
    pages: countPages(tree),
    lifetime: lifetime || config.lifetime,
  }

  return (
    <div className="bd-page">
      <Card className="bd-welcome" variant="borderless">
        <div className="bd-welcome__body">
          <Avatar size={64} src={avatar || undefined} icon={<UserOutlined />} alt="" />
          <div>
            <h1 className="bd-welcome__title">{t('admin.welcome', { name: displayName(user) })}</h1>
            <p className="bd-welcome__text">{t('admin.intro', { name: config.name })}</p>
            <p className="bd-welcome__date" key={language}>
              {t('admin.today', { date: dayjs().format('LL') })}
            </p>
          </div>
        </div>
      </Card>
      {can('/admin/index/demo-data', 'POST') && <DemoDataOffer />}
      <StatCards stats={stats} loading={menus.isPending} />
      {can('/admin/index', 'GET') && <LoginCharts />}
      <section aria-labelledby="modules-title">
        <h2 id="modules-title" className="bd-page__section-title">
          {t('admin.modules_title')}
        </h2>
        <ModuleCards tree={tree} loading={menus.isPending} />
      </section>
    </div>
  )
}
