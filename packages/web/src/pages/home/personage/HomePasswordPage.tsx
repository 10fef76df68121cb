import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../../../app/use-document-title'
import { PasswordForm } from '../../personage/PasswordForm'

/** /home/personage/password: change the logged-in user's password. */
export default function HomePasswordPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('personage.password_title'))
  return (
    <div className="bd-page">
      <PasswordForm area="home" />
    </div>
  )
}
