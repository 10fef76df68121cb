import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import ResourceEditPage from '../../../components/resource/ResourceEditPage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'

/** An agent system: the password is write-only, so an edit leaves it empty to keep the stored one. */
export default function AgentSystemEdit(props: ResourcePageProps) {
  const { t } = useTranslation()
  const creating = (useParams().id ?? 'create') === 'create'
  return (
    <ResourceEditPage
      {...props}
      extras={creating ? undefined : { password: t('list.keep_password') }}
      beforeSave={(values) => {
        if (creating || values.password) return values
        const { password: _, ...rest } = values
        return rest
      }}
    />
  )
}
