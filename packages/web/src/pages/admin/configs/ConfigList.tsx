import { isSensitiveConfigKey } from '@brokerdesk/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Modal, Switch, Tag, Tooltip, Typography } from 'antd'
import type { HookAPI } from 'antd/es/modal/useModal'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import ResourceListPage from '../../../components/resource/ResourceListPage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'
import { type Row, saveRow, usePageData } from '../../../components/resource/resource-api'
import { notify } from '../../../state/notify'
import { useSession } from '../../../state/session'
import { choicesOf, valueKind } from './config-value'
import { confirmSensitiveChange, holdsSuperAdmin } from './sensitive-change'

/**
 * A boolean setting switched in the list itself, when the user may update settings; a sensitive one
 * (maintenance mode) only by the super administrator, and only once the effect is confirmed.
 */
function BooleanCell({
  row,
  resource,
  editable,
  modal,
}: {
  row: Row
  resource: string
  editable: boolean
  /** The list's dialogs: a cell is remade whenever the list's rows are, its question must not go with it. */
  modal: HookAPI
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { user } = useSession()
  const [saving, setSaving] = useState(false)
  const sensitive = isSensitiveConfigKey(row.key)
  const locked = sensitive && !holdsSuperAdmin(user)
  const toggle = async (on: boolean) => {
    if (!(await confirmSensitiveChange(modal, t, row, on ? '1' : '0'))) return
    setSaving(true)
    try {
      await saveRow(resource, String(row.id), { value: on ? '1' : '0' })
      notify('success', t('messages.success', { action: t('actions.update') }))
      await queryClient.invalidateQueries({ queryKey: ['resource', resource] })
    } catch {
      // The client has told the user already.
    } finally {
      setSaving(false)
    }
  }
  const control = (
    <Switch
      size="small"
      checked={row.value === '1'}
      loading={saving}
      disabled={!editable || locked}
      checkedChildren={t('configs.on')}
      unCheckedChildren={t('configs.off')}
      aria-label={`${String(row.name)}: ${t(row.value === '1' ? 'configs.on' : 'configs.off')}`}
      onChange={(on) => void toggle(on)}
    />
  )
  return locked ? (
    <Tooltip title={t('configs.super_admin_only')}>
      <span>{control}</span>
    </Tooltip>
  ) : (
    control
  )
}

/** Settings: each value shown as its type reads (a switch, the choice's label, code, text). */
export default function ConfigList(props: ResourcePageProps) {
  const page = usePageData(props.resource)
  const [modal, modalHolder] = Modal.useModal()
  const editable = (page.data?.actions as string[] | undefined)?.includes('update') ?? false
  const cells = {
    value: (value: unknown, row: Row) => {
      const text = value === null || value === undefined ? '' : String(value)
      switch (valueKind(row.type, row.itype, row.options)) {
        case 'boolean':
          return <BooleanCell row={row} resource={props.resource} editable={editable} modal={modal} />
        case 'select': {
          const choice = choicesOf(row.options).find((item) => item.value === text)
          return text === '' ? '' : <Tag>{choice?.label ?? text}</Tag>
        }
        case 'json':
        case 'number':
          return (
            <Typography.Text code ellipsis style={{ maxWidth: 280 }}>
              {text}
            </Typography.Text>
          )
        default:
          return (
            <Typography.Text ellipsis style={{ maxWidth: 280 }}>
              {text}
            </Typography.Text>
          )
      }
    },
  }
  return (
    <>
      <ResourceListPage {...props} cells={cells} />
      {modalHolder}
    </>
  )
}
