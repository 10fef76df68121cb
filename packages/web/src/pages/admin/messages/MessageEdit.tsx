import { AUDIENCE } from '@brokerdesk/shared'
import { useTranslation } from 'react-i18next'
import ResourceEditPage from '../../../components/resource/ResourceEditPage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'
import { RecipientSelect } from './RecipientSelect'

/**
 * A message: title, rich-text content and who receives it — everyone, the holders of a role (chosen
 * in the role tree) or chosen users (searched by name); only the recipients' field of the chosen
 * audience is shown.
 */
export default function MessageEdit(props: ResourcePageProps) {
  const { t } = useTranslation()
  return (
    <ResourceEditPage
      {...props}
      shown={(name, values) =>
        (name !== 'role_id' || values.audience === AUDIENCE.role) &&
        (name !== 'user_ids' || values.audience === AUDIENCE.users)
      }
      required={['role_id', 'user_ids']}
      extras={{ content: t('inbox.content_hint'), audience: t('inbox.audience_hint') }}
      renderers={{
        user_ids: ({ id, value, onChange, disabled }) => (
          <RecipientSelect id={id} value={value} onChange={onChange} disabled={disabled} />
        ),
      }}
    />
  )
}
