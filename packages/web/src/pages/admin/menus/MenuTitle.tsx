import './menus.css'
import { MENU_METHOD_OPTIONS, MENU_STATUS, type MenuNode } from '@brokerdesk/shared'
import { Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { MenuIcon } from '../../../components/MenuIcon'
import { menuItemLabel } from '../../../i18n/menu-label'

/** One item of a menu tree: icon, label, url with its methods, and whether it is hidden or disabled. */
export function MenuTitle({ item }: { item: MenuNode }) {
  const { t } = useTranslation()
  const methods = MENU_METHOD_OPTIONS.filter((option) => item.method.includes(Number(option.value)))
  return (
    <span className="bd-menu-title">
      <MenuIcon icons={item.icons} />
      <span className="bd-menu-title__name">{menuItemLabel(item)}</span>
      {item.url && (
        <Typography.Text type="secondary" className="bd-menu-title__url">
          {methods.map((option) => option.label).join(' ')} {item.url}
        </Typography.Text>
      )}
      {item.parent_id !== 0 && item.status === MENU_STATUS.hidden && item.resource_id <= 0 && (
        <Tag>{t('options.menus.status.hidden')}</Tag>
      )}
      {item.disabled === 1 && <Tag color="red">{t('options.menus.disabled.disabled')}</Tag>}
      {item.env.length > 0 && (
        <Tag color="gold">{item.env.map((env) => t(`options.menus.env.${env}`)).join(', ')}</Tag>
      )}
    </span>
  )
}
