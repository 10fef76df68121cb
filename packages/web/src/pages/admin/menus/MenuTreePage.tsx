import { EditOutlined, EyeOutlined } from '@ant-design/icons'
import type { MenuNode, TMenuPosition } from '@brokerdesk/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Flex, Input, Space, Tree, type TreeProps } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { http } from '../../../api/http'
import { useHeldRoutes } from '../../../app/permissions'
import { positionOfDrop } from '../../../components/menu-tree/drop-position'
import {
  keysToDepth,
  type MenuTreeNode,
  menuTreeData,
  parentKeys,
} from '../../../components/menu-tree/menu-tree-data'
import { PageFrame, QueryState, type ResourcePageProps } from '../../../components/resource/ResourcePage'
import { menuLabel } from '../../../i18n/menu-label'
import { notify } from '../../../state/notify'
import { MenuTitle } from './MenuTitle'

const MOVE_URL = '/admin/menus/update-position'

/** /admin/menus/tree: the whole menu tree; dragging an item moves it before, after or inside another. */
export default function MenuTreePage({ title }: ResourcePageProps) {
  const { t } = useTranslation()
  const can = useHeldRoutes()
  const queryClient = useQueryClient()
  const tree = useQuery({
    queryKey: ['resource', 'menus', 'tree'],
    queryFn: async () => (await http.get<{ menus: MenuNode[] }>('/admin/menus/tree')).menus,
  })
  const [search, setSearch] = useState('')
  const [expanded, setExpanded] = useState<number[] | null>(null)
  const [moving, setMoving] = useState(false)
  const draggable = can(MOVE_URL, 'POST')
  const editable = can('/admin/menus/{id}', 'GET')

  const data = useMemo(
    () =>
      menuTreeData(
        tree.data ?? [],
        (item) => (
          <Flex align="center" gap={4} wrap>
            <MenuTitle item={item} />
            {editable && (
              <Link
                to={`/admin/menus/${item.id}`}
                aria-label={`${t(can('/admin/menus/{id}', 'PUT') ? 'actions.update' : 'actions.show')} #${item.id}`}
                onClick={(event) => event.stopPropagation()}
              >
                <Button
                  type="link"
                  size="small"
                  icon={can('/admin/menus/{id}', 'PUT') ? <EditOutlined /> : <EyeOutlined />}
                />
              </Link>
            )}
          </Flex>
        ),
        search,
      ),
    [tree.data, search, editable, can, t],
  )
  const shownKeys = search.trim() ? parentKeys(data) : (expanded ?? keysToDepth(data, 3))

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
      if (move.position === 'inside') setExpanded([...new Set([...shownKeys, move.target_id])])
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
          <Flex gap={8} wrap>
            <Input.Search
              allowClear
              placeholder={t('access.search_menu')}
              onSearch={setSearch}
              onChange={(event) => event.target.value === '' && setSearch('')}
              style={{ maxWidth: 320 }}
            />
            <Button onClick={() => setExpanded(parentKeys(data))}>{t('access.expand_all')}</Button>
            <Button onClick={() => setExpanded([])}>{t('access.collapse_all')}</Button>
          </Flex>
          <Tree
            className="bd-menu-tree"
            blockNode
            draggable={draggable && !moving && search.trim() === '' ? { icon: false } : false}
            disabled={moving}
            treeData={data}
            expandedKeys={shownKeys}
            onExpand={(keys) => setExpanded(keys.map(Number))}
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
