import { SafetyOutlined } from '@ant-design/icons'
import { Button, Popconfirm } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { http } from '../../../api/http'
import { useHeldRoutes } from '../../../app/permissions'
import { useSession } from '../../../state/session'

/** The super administrator's role: the only one that may reset a second factor. */
const SUPER_ADMIN_ROLE_ID = 1

/**
 * Turns off an account's two-factor login (a lost phone): DELETE /admin/users/{id}/totp, for the
 * super administrator only; the server's alert says what happened.
 */
export function ResetSecondFactorButton({ id }: { id: string }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const held = useHeldRoutes()
  const [busy, setBusy] = useState(false)
  const superAdmin = user.admin?.roles?.some((role) => role.id === SUPER_ADMIN_ROLE_ID) ?? false
  if (!superAdmin || !held('/admin/users/{id}/totp', 'DELETE')) return null
  const reset = async () => {
    setBusy(true)
    try {
      await http.delete(`/admin/users/${id}/totp`)
    } catch {
      // the answer rules told the user
    } finally {
      setBusy(false)
    }
  }
  return (
    <Popconfirm
      title={t('security.totp.reset_confirm')}
      okText={t('http.ok')}
      cancelText={t('http.cancel')}
      onConfirm={() => reset()}
    >
      <Button icon={<SafetyOutlined />} loading={busy}>
        {t('security.totp.reset')}
      </Button>
    </Popconfirm>
  )
}
