import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../../../app/use-document-title'
import { SessionsCard } from '../../personage/SessionsCard'
import { TotpCard } from '../../personage/TotpCard'

/** /admin/personage/security: two-factor login and the devices logged in to the account. */
export default function AdminSecurityPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('security.title'))
  return (
    <div className="bd-page bd-security-page">
      <h1 className="bd-page-title">{t('security.title')}</h1>
      <TotpCard area="admin" />
      <SessionsCard area="admin" />
    </div>
  )
}
