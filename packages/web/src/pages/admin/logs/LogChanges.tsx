import { Empty, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { fieldTitle } from '../../../components/resource/option-label'
import type { Row } from '../../../components/resource/resource-api'

type Changes = Record<string, { before: unknown; after: unknown }>

/** The resource a logged request wrote to: `/web-api/admin/firms/3` → `firms`. */
function resourceOfUrl(url: unknown): string {
  return /\/admin\/([^/?]+)/.exec(String(url ?? ''))?.[1] ?? ''
}

/** The fields an update changed, before and after (secrets come masked from the server). */
export function LogChanges({ row }: { row: Row }) {
  const { t } = useTranslation()
  const changes = row.changes as Changes | null | undefined
  if (!changes || typeof changes !== 'object') return null
  const resource = resourceOfUrl(row.url)
  const show = (value: unknown) =>
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
      ? t('messages.missing_value')
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value)
  const rows = Object.entries(changes).map(([field, change]) => ({
    field,
    label: fieldTitle(t, resource, { name: field, label: `fields.${field}` }),
    before: show(change.before),
    after: show(change.after),
  }))
  return (
    <section className="bd-log-changes" aria-labelledby="log-changes-title">
      <h3 id="log-changes-title">{t('logs.changes')}</h3>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('logs.no_changes')} />
      ) : (
        <Table
          rowKey="field"
          size="small"
          pagination={false}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'label', dataIndex: 'label', title: t('logs.field') },
            { key: 'before', dataIndex: 'before', title: t('logs.before') },
            { key: 'after', dataIndex: 'after', title: t('logs.after') },
          ]}
        />
      )}
    </section>
  )
}
