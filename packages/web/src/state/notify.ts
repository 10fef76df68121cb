import type { AlertMessage } from '@brokerdesk/shared'
import { pushAlert } from './alerts'

/** A short message at the top of the page (the alert host shows it for the default 3 s). */
export function notify(type: NonNullable<AlertMessage['type']>, message: string): void {
  pushAlert({ show: true, type, message })
}
