import { KeyOutlined } from '@ant-design/icons'
import { Button, Tooltip } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHeldRoutes } from '../../../app/permissions'
import ResourceListPage from '../../../components/resource/ResourceListPage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'
import { RolePermissionsDrawer, type RoleRef } from './RolePermissionsDrawer'

/** The seeded super administrator role: holds every permission, which nobody edits. */
const SUPER_ADMIN_ROLE_ID = 1

/** Authority management: the role tree, each role with a button to its permissions. */
export default function RoleList(props: ResourcePageProps) {
  const { t } = useTranslation()
  const can = useHeldRoutes()
  // The drawer of the last role opened; a new key for each opening starts it with fresh ticks.
  const [drawer, setDrawer] = useState<{ role: RoleRef; open: boolean; opening: number } | null>(null)
  const canView = can('/admin/roles/{id}/permissions', 'GET')
  return (
    <>
      <ResourceListPage
        {...props}
        rowActions={
          canView
            ? (row) => {
                const fixed = row.id === SUPER_ADMIN_ROLE_ID
                return (
                  <Tooltip title={fixed ? t('access.super_admin_all') : t('access.permissions')}>
                    <Button
                      type="link"
                      size="small"
                      icon={<KeyOutlined />}
                      disabled={fixed}
                      aria-label={`${t('access.permissions')} #${row.id}`}
                      onClick={() =>
                        setDrawer((last) => ({
                          role: { id: row.id, name: String(row.name) },
                          open: true,
                          opening: (last?.opening ?? 0) + 1,
                        }))
                      }
                    />
                  </Tooltip>
                )
              }
            : undefined
        }
      />
      {drawer && (
        <RolePermissionsDrawer
          key={drawer.opening}
          role={drawer.role}
          open={drawer.open}
          editable={can('/admin/roles/{id}/permissions', 'PUT')}
          onClose={() => setDrawer((last) => last && { ...last, open: false })}
        />
      )}
    </>
  )
}
