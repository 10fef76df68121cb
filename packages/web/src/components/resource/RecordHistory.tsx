import type { ResourcePageData } from '@brokerdesk/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Empty, Popconfirm, Timeline } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError, http } from '../../api/http'
import { notify } from '../../state/notify'
import { displayValue, fieldTitle, formatDateTime } from './option-label'
import { flattenOptions, resourceUrl } from './resource-api'

/** One entry of a record's timeline, as GET /admin/<name>/<id>/history answers it. */
export interface HistoryEntry {
  id: number
  created_at: string
  user_id: number
  user_name: string
  action: 'create' | 'update'
  changes: Record<string, { before: unknown; after: unknown }>
  restored_from: number | null
}

export const historyKey = (name: string, id: string) => ['resource', name, 'history', id]

/**
 * A record's timeline from the operation log (who, when, which fields before → after; secrets come
 * masked), newest first, with "Restore this version" on the older entries for those who may update.
 */
export function RecordHistory(props: {
  page: ResourcePageData
  id: string
  canRestore: boolean
  onRestored: () => void
}) {
  const { page, id, canRestore, onRestored } = props
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [restoring, setRestoring] = useState<number>()
  const history = useQuery({
    queryKey: historyKey(page.resource, id),
    queryFn: () => http.get<{ data: HistoryEntry[] }>(`${resourceUrl(page.resource)}/${id}/history`),
  })
  const fields = new Map(page.fields.map((field) => [field.name, field]))
  const show = (field: string, value: unknown) =>
    Array.isArray(value) && value.length === 0
      ? t('messages.missing_value')
      : displayValue(t, fields.get(field), value, flattenOptions(page.options[field]))

  const restore = async (entry: HistoryEntry) => {
    setRestoring(entry.id)
    try {
      await http.post(
        `${resourceUrl(page.resource)}/${id}/restore`,
        { log_id: entry.id },
        {
          handledStatuses: [422],
        },
      )
    } catch (error) {
      // A refusal (a company the version names was deleted) says which field and why.
      if (error instanceof HttpError && error.status === 422) {
        notify('danger', Object.values(error.errors).flat().join(' ') || error.message)
      }
      return
    } finally {
      setRestoring(undefined)
    }
    notify('success', t('history.restored_done'))
    await queryClient.invalidateQueries({ queryKey: ['resource', page.resource] })
    onRestored()
  }

  const entries = history.data?.data ?? []
  return (
    <section className="bd-record-history" aria-labelledby="record-history-title">
      <h2 id="record-history-title">{t('history.title')}</h2>
      {history.isPending ? null : entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />
      ) : (
        <Timeline
          items={entries.map((entry, index) => {
            const changed = Object.entries(entry.changes)
            return {
              key: entry.id,
              color: entry.action === 'create' ? 'green' : entry.restored_from ? 'orange' : 'blue',
              children: (
                <div className="bd-history-entry" data-log-id={entry.id}>
                  <div className="bd-history-head">
                    <strong>
                      {entry.action === 'create'
                        ? t('history.created')
                        : entry.restored_from
                          ? t('history.restored')
                          : t('history.updated')}
                    </strong>
                    <span>{entry.user_name || `#${entry.user_id}`}</span>
                    <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                  </div>
                  {entry.action === 'update' && changed.length === 0 ? (
                    <div className="bd-history-none">{t('history.unchanged')}</div>
                  ) : (
                    <ul className="bd-history-changes">
                      {changed.map(([field, change]) => (
                        <li key={field}>
                          <span className="bd-history-field">
                            {fieldTitle(t, page.resource, { name: field, label: `fields.${field}` })}
                          </span>
                          <span className="bd-history-before">{show(field, change.before)}</span>
                          <span aria-hidden="true"> → </span>
                          <span className="bd-history-after">{show(field, change.after)}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                  {canRestore && index > 0 ? (
                    <Popconfirm title={t('history.restore_confirm')} onConfirm={() => restore(entry)}>
                      <Button size="small" loading={restoring === entry.id}>
                        {t('history.restore')}
                      </Button>
                    </Popconfirm>
                  ) : null}
                </div>
              ),
            }
          })}
        />
      )}
    </section>
  )
}
