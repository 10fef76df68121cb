import type { MenuNode } from '@brokerdesk/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Checkbox, Drawer, Flex, Space, Tree } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { http } from '../../../api/http'
import { allMenuIds, toggleMenuPermission } from '../../../components/menu-tree/check-permissions'
import { useMenuTreeView } from '../../../components/menu-tree/use-menu-tree-view'
import { QueryState } from '../../../components/resource/ResourcePage'
import { notify } from '../../../state/notify'
import { MenuTitle } from '../menus/MenuTitle'

const NO_MENUS: MenuNode[] = []
const menuTitle = (item: MenuNode) => <MenuTitle item={item} />

export interface RoleRef {
  id: number
  name: string
}

interface PermissionsAnswer {
  role: RoleRef
  menus: MenuNode[]
  checked: number[]
}

/**
 * The permissions of a role: the menu items the signed-in administrator holds, ticked where the
 * role holds them. Saving can also take the removed items from the role's child roles.
 */
export function RolePermissionsDrawer({
  role,
  open,
  editable,
  onClose,
}: {
  role: RoleRef
  /** Closed, it stays mounted until antd has given the focus back to the button that opened it. */
  open: boolean
  editable: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const url = `/admin/roles/${role.id}/permissions`
  const answer = useQuery({
    queryKey: ['resource', 'roles', 'permissions', role.id],
    queryFn: () => http.get<PermissionsAnswer>(url),
    gcTime: 0,
  })
  const [checked, setChecked] = useState<Set<number> | null>(null)
  const [cascade, setCascade] = useState(false)
  const [saving, setSaving] = useState(false)
  const menus = answer.data?.menus ?? NO_MENUS
  const held = checked ?? new Set(answer.data?.checked ?? [])
  const view = useMenuTreeView(menus, menuTitle)

  const save = async () => {
    setSaving(true)
    try {
      await http.put<unknown>(url, { menu_ids: [...held], cascade })
      notify('success', t('messages.success', { action: t('actions.save') }))
      await queryClient.invalidateQueries({ queryKey: ['resource', 'roles'] })
      onClose()
    } catch {
      // The client has shown why; the ticks stay for another try.
    } finally {
      setSaving(false)
    }
  }

  return (
    <Drawer
      open={open}
      size={720}
      title={t('access.permissions_of', { name: role.name })}
      onClose={onClose}
      destroyOnHidden
      footer={
        editable && answer.data ? (
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Checkbox checked={cascade} onChange={(event) => setCascade(event.target.checked)}>
              {t('access.cascade')}
            </Checkbox>
            <Space>
              <Button onClick={onClose}>{t('actions.cancel')}</Button>
              <Button type="primary" loading={saving} onClick={save}>
                {t('actions.save')}
              </Button>
            </Space>
          </Flex>
        ) : undefined
      }
    >
      {answer.data ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Alert type="info" showIcon title={t('access.permissions_hint')} />
          {view.toolbar(
            editable && (
              <>
                <Button onClick={() => setChecked(new Set(allMenuIds(menus)))}>
                  {t('access.check_all')}
                </Button>
                <Button onClick={() => setChecked(new Set())}>{t('access.uncheck_all')}</Button>
              </>
            ),
          )}
          <Tree
            className="bd-menu-tree"
            checkable
            checkStrictly
            blockNode
            selectable={false}
            disabled={!editable || saving}
            treeData={view.data}
            expandedKeys={view.expandedKeys}
            onExpand={(keys) => view.setExpanded(keys.map(Number))}
            checkedKeys={[...held]}
            onCheck={(_, info) =>
              setChecked(toggleMenuPermission(menus, held, Number(info.node.key), info.checked))
            }
          />
        </Space>
      ) : (
        <QueryState error={answer.error} loading={answer.isPending} />
      )}
    </Drawer>
  )
}
