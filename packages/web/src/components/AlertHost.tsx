import type { AlertType } from '@brokerdesk/shared'
import { type AlertItem, closeAlert, useAlerts } from '../state/alerts'
import { LazyAlert } from './LazyAlert'

type AntdAlertType = 'success' | 'info' | 'warning' | 'error'

const TYPE_MAP: Record<AlertType, AntdAlertType> = {
  default: 'info',
  primary: 'info',
  success: 'success',
  info: 'info',
  danger: 'error',
  warning: 'warning',
}

function positionOf(item: AlertItem): 'top' | 'bottom' {
  return item.position?.startsWith('bottom') ? 'bottom' : 'top'
}

function AlertStack({ items, position }: { items: AlertItem[]; position: 'top' | 'bottom' }) {
  if (items.length === 0) return null
  return (
    <div className={`bd-alerts bd-alerts--${position}`} aria-live="assertive">
      {items.map((item) => (
        <LazyAlert
          key={item.id}
          className={item.customClass}
          type={TYPE_MAP[item.type ?? 'default'] ?? 'info'}
          showIcon
          icon={item.iconClass ? <i className={item.iconClass} aria-hidden="true" /> : undefined}
          title={item.title || item.message}
          description={item.title ? item.message : undefined}
          closable={item.showClose === false ? false : { onClose: () => closeAlert(item.id) }}
          role="alert"
        />
      ))}
    </div>
  )
}

/** Renders the visible alert messages (SPEC §3) at the top of the page, or the bottom if asked. */
export function AlertHost() {
  const visible = useAlerts().filter((item) => item.show)
  return (
    <>
      <AlertStack items={visible.filter((item) => positionOf(item) === 'top')} position="top" />
      <AlertStack items={visible.filter((item) => positionOf(item) === 'bottom')} position="bottom" />
    </>
  )
}
