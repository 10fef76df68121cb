import { isEmailContact } from '@brokerdesk/shared'
import { Alert } from 'antd'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useHeldRoutes } from '../../../app/permissions'
import { ResourceDetail } from '../../../components/resource/ResourceDetail'
import { PageFrame, QueryState, type ResourcePageProps } from '../../../components/resource/ResourcePage'
import { usePageData, useResourceRow } from '../../../components/resource/resource-api'
import { menuLabel } from '../../../i18n/menu-label'
import { ReplyForm } from './ReplyForm'
import './contact-message.css'

/** A visitor's message, read-only, with the form that answers it by e-mail. */
export default function ContactMessagePage({ resource, title }: ResourcePageProps) {
  const { t } = useTranslation()
  const id = useParams().id ?? ''
  const page = usePageData(resource)
  const row = useResourceRow(resource, id)
  const canReply = useHeldRoutes()('/admin/contact-messages/{id}/reply', 'POST')
  const contact = String(row.data?.contact ?? '')
  return (
    <PageFrame title={`${menuLabel(title)} · ${t('actions.show')} #${id}`}>
      {page.data && row.data ? (
        <>
          {canReply &&
            (isEmailContact(contact) ? (
              <ReplyForm id={row.data.id} contact={contact} answered={Boolean(row.data.replied_at)} />
            ) : (
              <Alert className="bd-contact-reply" type="info" showIcon title={t('contact.no_email')} />
            ))}
          <ResourceDetail page={page.data} row={row.data} />
        </>
      ) : (
        <QueryState error={page.error ?? row.error} loading={page.isPending || row.isPending} />
      )}
    </PageFrame>
  )
}
