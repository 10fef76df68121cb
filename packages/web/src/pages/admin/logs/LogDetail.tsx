import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { ResourceDetail } from '../../../components/resource/ResourceDetail'
import { PageFrame, QueryState, type ResourcePageProps } from '../../../components/resource/ResourcePage'
import { usePageData, useResourceRow } from '../../../components/resource/resource-api'
import { menuLabel } from '../../../i18n/menu-label'
import { LogChanges } from './LogChanges'

/** One operation-log entry: its fields and what an update changed. */
export default function LogDetail({ resource, title }: ResourcePageProps) {
  const { t } = useTranslation()
  const id = useParams().id ?? ''
  const page = usePageData(resource)
  const row = useResourceRow(resource, id)
  return (
    <PageFrame title={`${menuLabel(title)} · ${t('actions.show')} #${id}`}>
      {page.data && row.data ? (
        <ResourceDetail page={page.data} row={row.data} omit={['menu_id', 'user_id', 'changes']}>
          <LogChanges row={row.data} />
        </ResourceDetail>
      ) : (
        <QueryState error={page.error ?? row.error} loading={page.isPending || row.isPending} />
      )}
    </PageFrame>
  )
}
