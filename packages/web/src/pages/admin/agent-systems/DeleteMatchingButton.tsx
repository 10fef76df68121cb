import { DeleteOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Params, request } from '../../../api/http'
import { notify } from '../../../state/notify'

const URL = '/admin/agent-systems/condition-delete'

/** Deletes what the list's filters match: counts first (dry run), asks with the count, then deletes. */
export function DeleteMatchingButton({ filters }: { filters: Params }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [modal, modalHolder] = Modal.useModal()
  const [busy, setBusy] = useState(false)

  const run = async () => {
    setBusy(true)
    try {
      const { count } = await request<{ count: number }>(URL, {
        method: 'DELETE',
        params: { ...filters, dry_run: 1 },
      })
      if (!count) {
        notify('info', t('list.nothing_matches'))
        return
      }
      const confirmed = await modal.confirm({
        title: t('actions.delete_matching'),
        content: t('list.delete_matching_confirm', { count }),
        okButtonProps: { danger: true },
      })
      if (!confirmed) return
      await request<{ count: number }>(URL, { method: 'DELETE', params: filters })
      notify('success', t('messages.success', { action: t('actions.delete') }))
      await queryClient.invalidateQueries({ queryKey: ['resource', 'agent-systems'] })
    } catch {
      // The http client has told the user.
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button danger icon={<DeleteOutlined />} loading={busy} onClick={run}>
        {t('actions.delete_matching')}
      </Button>
      {modalHolder}
    </>
  )
}
