import { ALERT_DURATION_MS, type AlertMessage } from '@brokerdesk/shared'
import { createStore, useStore } from './create-store'

export interface AlertItem extends AlertMessage {
  id: number
  show: boolean
}

export const alertStore = createStore<AlertItem[]>([])

let nextId = 1
const timers = new Map<number, ReturnType<typeof setTimeout>>()

/**
 * Shows an alert (SPEC §4): an alert whose `show` is not false is appended; it closes after
 * `duration` ms (default ALERT_DURATION_MS; 0 keeps it until the user closes it).
 * Returns the alert's id, or 0 when nothing was shown.
 */
export function pushAlert(alert: AlertMessage): number {
  if (alert.show === false || !alert.message) return 0
  const duration = alert.duration ?? ALERT_DURATION_MS
  const same = alertStore
    .get()
    .find((item) => item.show && item.message === alert.message && item.type === (alert.type ?? 'default'))
  if (same) {
    // The same message again (e.g. several failed calls at once) restarts its timer instead of stacking.
    restartTimer(same.id, duration)
    return same.id
  }
  const id = nextId++
  alertStore.set((list) => [...list, { type: 'default', showClose: true, ...alert, id, show: true }])
  restartTimer(id, duration)
  return id
}

function restartTimer(id: number, duration: number): void {
  clearTimeout(timers.get(id))
  timers.delete(id)
  if (duration > 0)
    timers.set(
      id,
      setTimeout(() => closeAlert(id), duration),
    )
}

/** Hides one alert; when none is left visible the list is cleared. */
export function closeAlert(id: number): void {
  const timer = timers.get(id)
  if (timer) clearTimeout(timer)
  timers.delete(id)
  const list = alertStore.get().map((item) => (item.id === id ? { ...item, show: false } : item))
  alertStore.set(list.some((item) => item.show) ? list : [])
}

export function clearAlerts(): void {
  for (const timer of timers.values()) clearTimeout(timer)
  timers.clear()
  alertStore.set([])
}

export function useAlerts(): AlertItem[] {
  return useStore(alertStore)
}
