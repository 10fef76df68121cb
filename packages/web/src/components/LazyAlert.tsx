import type { AlertProps } from 'antd'
import { Component, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { lazyPart } from '../app/lazy-part'

const Alert = lazyPart(
  () => import('./alert-chunk').then((module) => ({ default: module.Alert })),
  (props: AlertProps) => <PlainAlert {...props} />,
)

/**
 * antd's Alert, loaded the first time one shows: the alerts every page can show (the server's
 * `alert` messages, a refused login) keep it and its icons out of the first page. Until its chunk
 * has come, and when it cannot be loaded (the very alert may say the server is unreachable), the
 * alert's text shows plain: an alert closes by itself after a few seconds, and on a slow line the
 * chunk alone can take longer than that (seen at load 20 here: a "restored" never read).
 * Pages that show an alert from the start use antd's Alert itself.
 */
export function LazyAlert(props: AlertProps) {
  const plain = <PlainAlert {...props} />
  return (
    <ChunkFailed fallback={plain}>
      <Alert {...props} />
    </ChunkFailed>
  )
}

class ChunkFailed extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}

/** The alert without antd: a bordered box in the type's colour, its texts and a close button. */
function PlainAlert({ type = 'info', title, description, closable, className, role = 'alert' }: AlertProps) {
  const { t } = useTranslation()
  const onClose = typeof closable === 'object' ? closable.onClose : undefined
  return (
    <div className={`bd-plain-alert bd-plain-alert--${type} ${className ?? ''}`} role={role}>
      <div className="bd-plain-alert__text">
        <div>{title}</div>
        {description && <div>{description}</div>}
      </div>
      {onClose && (
        <button
          type="button"
          className="bd-plain-alert__close"
          aria-label={t('http.close')}
          onClick={(event) => onClose(event)}
        >
          ×
        </button>
      )}
    </div>
  )
}
