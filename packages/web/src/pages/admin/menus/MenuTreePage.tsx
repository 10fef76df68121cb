import { EditOutlined, EyeOutlined } from '@ant-design/icons'
import type { MenuNode, TMenuPosition } from '@brokerdesk/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Flex, Space, Tree, type TreeProps } from 'antd'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { http } from '../../../api/http'
import { useHeldRoutes } from '../../../app/permissions'
import { positionOfDrop } from '../../../components/menu-tree/drop-position'
import type { MenuTreeNode } from '../../../components/menu-tree/menu-tree-data'
import { useMenuTreeView } from '../../../components/menu-tree/use-menu-tree-view'
import { PageFrame, QueryState, type ResourcePageProps } from '../../../components/resource/ResourcePage'
import { menuLabel } from '../../../i18n/menu-label'
import { notify } from '../../../state/notify'
import { MenuTitle } from './MenuTitle'

const MOVE_URL = '/admin/menus/update-position'
const NO_MENUS: MenuNode[] = []

/** /admin/menus/tree: the whole menu tree; dragging an item moves it before, after or inside another. */
export default function MenuTreePage({ title }: ResourcePageProps) {
  const { t } = useTranslation()
  const can = useHeldRoutes()
  const queryClient = useQueryClient()
  const tree = useQuery({
    queryKey: ['resource', 'menus', 'tree'],
    queryFn: async () => (await http.get<{ menus: MenuNode[] }>('/admin/menus/tree')).menus,
  })
  const [moving, setMoving] = useState(false)
  const draggable = can(MOVE_URL, 'POST')
  const editable = can('/admin/menus/{id}', 'GET')

  const canUpdate = can('/admin/menus/{id}', 'PUT')
  const nodeTitle = useCallback(
    (item: MenuNode) => (
      <Flex align="center" gap={4} wrap>
        <MenuTitle item={item} />
        {editable && (
          <Link
            to={`/admin/menus/${item.id}`}
            aria-label={`${t(canUpdate ? 'actions.update' : 'actions.show')} #${item.id}`}
            onClick={(event) => event.stopPropagation()}
          >
            <Button type="link" size="small" icon={canUpdate ? <EditOutlined /> : <EyeOutlined />} />
          </Link>
        )}
      </Flex>
    ),
    [editable, canUpdate, t],
  )
  const view = useMenuTreeView(tree.data ?? NO_MENUS, nodeTitle)

  const onDrop: TreeProps['onDrop'] = async (info) => {
    const target = info.node as unknown as MenuTreeNode & { pos: string; expanded: boolean }
    const move = positionOfDrop({
      dragId: Number(info.dragNode.key),
      node: {
        id: target.key,
        pos: target.pos,
        expanded: target.expanded,
        firstChildId: target.children?.[0]?.key,
      },
      dropPosition: info.dropPosition,
      dropToGap: info.dropToGap,
    })
    if (!move) return
    setMoving(true)
    try {
      await http.post<unknown>(MOVE_URL, move satisfies TMenuPosition)
      notify('success', t('messages.success', { action: t('access.move') }))
      if (move.position === 'inside') view.setExpanded([...new Set([...view.expandedKeys, move.target_id])])
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['resource', 'menus'] }),
        queryClient.invalidateQueries({ queryKey: ['menus'] }),
      ])
    } catch {
      // The client already told the user why; the tree reloads as it was.
      await tree.refetch()
    } finally {
      setMoving(false)
    }
  }

  return (
    <PageFrame title={menuLabel(title)}>
      {tree.data ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Alert
            type={draggable ? 'info' : 'warning'}
            showIcon
            title={t(draggable ? 'access.drag_hint' : 'access.drag_not_allowed')}
          />
          {view.toolbar()}
          <Tree
            className="bd-menu-tree"
            blockNode
            draggable={draggable && !moving && view.search.trim() === '' ? { icon: false } : false}
            disabled={moving}
            treeData={view.data}
            expandedKeys={view.expandedKeys}
            onExpand={(keys) => view.setExpanded(keys.map(Number))}
            onDrop={onDrop}
            selectable={false}
          />
        </Space>
      ) : (
        <QueryState error={tree.error} loading={tree.isPending} />
      )}
    </PageFrame>
  )
}
