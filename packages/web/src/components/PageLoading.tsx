import { useTranslation } from 'react-i18next'

/**
 * Shown while a page chunk or the session loads: the spinner index.html shows while the app starts
 * (CSS only, so the first page needs no spinner component), with its text.
 */
export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  const { t } = useTranslation()
  return (
    <div className={fullscreen ? 'bd-loading bd-loading--fullscreen' : 'bd-loading'} role="status">
      <span className="bd-boot__spinner" aria-hidden="true" />
      <span className="bd-loading__text">{t('app.loading')}</span>
    </div>
  )
}
