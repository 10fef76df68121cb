import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../../../app/use-document-title'
import { PersonageForm } from '../../personage/PersonageForm'

/** /home/personage/index: the personal data of the logged-in user. */
export default function HomePersonagePage() {
  const { t } = useTranslation()
  useDocumentTitle(t('personage.title'))
  return (
    <div className="bd-page">
      <PersonageForm area="home" />
    </div>
  )
}
