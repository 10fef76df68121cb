import type { MenuNode } from '@brokerdesk/shared'
import { Card, Col, Empty, Row, Skeleton } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { countPages, isMenuPage } from '../../../app/menu-tree'
import { MenuIcon } from '../../../components/MenuIcon'
import { menuLabel } from '../../../i18n/menu-label'

const LINKS_PER_CARD = 6

function pagesOf(node: MenuNode): MenuNode[] {
  if (isMenuPage(node)) return [node]
  return (node.childrens ?? []).flatMap(pagesOf)
}

/** One card per menu group with its pages as links. */
export function ModuleCards({ tree, loading }: { tree: MenuNode[]; loading: boolean }) {
  const { t } = useTranslation()
  if (loading) return <Skeleton active />
  if (tree.length === 0) return <Empty description={t('admin.no_modules')} />
  const groups = tree.some((node) => !isMenuPage(node))
    ? tree
    : [{ ...tree[0], id: 0, name: '', childrens: tree, url: '', is_page: 0, method: [] }]
  return (
    <Row gutter={[24, 24]}>
      {groups.map((node) => {
        const pages = pagesOf(node)
        return (
          <Col key={node.id} xs={24} md={12} xl={8}>
            <Card
              className="bd-module bd-fill"
              title={
                <span className="bd-module__title">
                  <MenuIcon icons={node.icons} />
                  {node.name ? menuLabel(node.name) : t('admin.modules_title')}
                </span>
              }
              extra={
                <span className="bd-module__count">
                  {t('admin.pages_count', { count: countPages([node]) })}
                </span>
              }
            >
              <ul className="bd-module__links">
                {pages.slice(0, LINKS_PER_CARD).map((page) => (
                  <li key={page.id}>
                    <Link to={page.url}>{menuLabel(page.name)}</Link>
                  </li>
                ))}
              </ul>
            </Card>
          </Col>
        )
      })}
    </Row>
  )
}
