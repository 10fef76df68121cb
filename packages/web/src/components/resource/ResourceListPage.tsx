import { useTranslation } from 'react-i18next'
import { menuLabel } from '../../i18n/menu-label'
import { ResourceList, type ResourceListProps } from './ResourceList'
import { PageFrame, QueryState, type ResourcePageProps } from './ResourcePage'
import { usePageData } from './resource-api'

export type ResourceListPageProps = ResourcePageProps & Omit<ResourceListProps, 'page'>

/** The generic list page of a resource. */
export default function ResourceListPage({ resource, title, ...rest }: ResourceListPageProps) {
  useTranslation()
  const page = usePageData(resource)
  return (
    <PageFrame title={menuLabel(title)}>
      {page.data ? (
        <ResourceList page={page.data} {...rest} />
      ) : (
        <QueryState error={page.error} loading={page.isPending} />
      )}
    </PageFrame>
  )
}
