import { RESOURCES } from '@brokerdesk/shared'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { menuLabel } from '../../i18n/menu-label'
import { RecordHistory } from './RecordHistory'
import { ResourceDetail } from './ResourceDetail'
import { ResourceForm, type ResourceFormProps } from './ResourceForm'
import { PageFrame, QueryState, type ResourcePageProps } from './ResourcePage'
import { usePageData, useResourceRow } from './resource-api'

export type ResourceEditPageProps = ResourcePageProps &
  Omit<ResourceFormProps, 'page' | 'id' | 'row'> & {
    /** Buttons beside the title (a record's own actions). */
    extra?: ReactNode
  }

/** The generic create / edit page of a resource (`:id` is `create` or the record's id). */
export default function ResourceEditPage({ resource, title, extra, ...rest }: ResourceEditPageProps) {
  const { t } = useTranslation()
  const id = useParams().id ?? 'create'
  const page = usePageData(resource)
  const row = useResourceRow(resource, id)
  // A restored version is a new start for the form: its values come from the record again.
  const [version, setVersion] = useState(0)
  const action =
    id === 'create'
      ? 'actions.create'
      : page.data?.actions.includes('update')
        ? 'actions.update'
        : 'actions.show'
  return (
    <PageFrame
      title={`${menuLabel(title)} · ${t(action)}${id === 'create' ? '' : ` #${id}`}`}
      extra={id === 'create' ? undefined : extra}
    >
      {page.data && row.data && id !== 'create' && !page.data.actions.includes('update') ? (
        <ResourceDetail page={page.data} row={row.data} />
      ) : page.data && row.data ? (
        <ResourceForm
          key={`${resource}-${id}-${version}`}
          page={page.data}
          definition={RESOURCES[resource]}
          id={id}
          row={row.data}
          {...rest}
        />
      ) : (
        <QueryState error={page.error ?? row.error} loading={page.isPending || row.isPending} />
      )}
      {page.data && row.data && id !== 'create' && page.data.actions.includes('show') ? (
        <RecordHistory
          page={page.data}
          id={id}
          canRestore={page.data.actions.includes('update')}
          onRestored={() => setVersion((v) => v + 1)}
        />
      ) : null}
    </PageFrame>
  )
}
