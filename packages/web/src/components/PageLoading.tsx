import { Spin } from 'antd'
import { useTranslation } from 'react-i18next'

/** Shown while a page chunk or the session loads. */
export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  const { t } = useTranslation()
  return (
    <div className={fullscreen ? 'bd-loading bd-loading--fullscreen' : 'bd-loading'} role="status">
      <Spin size="large" description={t('app.loading')} />
    </div>
  )
}
