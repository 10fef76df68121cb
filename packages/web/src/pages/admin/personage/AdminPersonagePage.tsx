import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../../../app/use-document-title'
import { PersonageForm } from '../../personage/PersonageForm'

/** /admin/personage/index: the personal data of the logged-in user. */
export default function AdminPersonagePage() {
  const { t } = useTranslation()
  useDocumentTitle(t('personage.title'))
  return (
    <div className="bd-page">
      <PersonageForm area="admin" />
    </div>
  )
}
