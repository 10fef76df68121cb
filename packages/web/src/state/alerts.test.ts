import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { alertStore, clearAlerts, closeAlert, pushAlert } from './alerts'

beforeEach(() => {
  vi.useFakeTimers()
  clearAlerts()
})

afterEach(() => {
  vi.useRealTimers()
})

const visible = () => alertStore.get().filter((item) => item.show)

describe('alert store', () => {
  it('appends an alert pushed with show true and closes it after the default 3000 ms', () => {
    pushAlert({ show: true, message: 'Saved', type: 'success' })
    expect(visible()).toMatchObject([{ message: 'Saved', type: 'success', show: true }])

    vi.advanceTimersByTime(2999)
    expect(visible()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(alertStore.get()).toEqual([])
  })

  it('ignores an alert pushed with show false', () => {
    expect(pushAlert({ show: false, message: 'Hidden' })).toBe(0)
    expect(alertStore.get()).toEqual([])
  })

  it('honours each alert its own duration and clears the list only when none is visible', () => {
    pushAlert({ show: true, message: 'short', duration: 1000 })
    pushAlert({ show: true, message: 'long', duration: 5000 })

    vi.advanceTimersByTime(1000)
    expect(visible().map((item) => item.message)).toEqual(['long'])
    expect(alertStore.get()).toHaveLength(2)

    vi.advanceTimersByTime(4000)
    expect(alertStore.get()).toEqual([])
  })

  it('keeps an alert with duration 0 until it is closed', () => {
    const id = pushAlert({ show: true, message: 'sticky', duration: 0 })
    vi.advanceTimersByTime(60_000)
    expect(visible()).toHaveLength(1)
    closeAlert(id)
    expect(alertStore.get()).toEqual([])
  })

  it('does not stack the same message twice but restarts its timer', () => {
    pushAlert({ show: true, message: 'Server error', type: 'danger' })
    vi.advanceTimersByTime(2000)
    pushAlert({ show: true, message: 'Server error', type: 'danger' })
    expect(visible()).toHaveLength(1)
    vi.advanceTimersByTime(2000)
    expect(visible()).toHaveLength(1)
    vi.advanceTimersByTime(1000)
    expect(alertStore.get()).toEqual([])
  })

  it('defaults the type and the close button', () => {
    pushAlert({ show: true, message: 'plain' })
    expect(visible()[0]).toMatchObject({ type: 'default', showClose: true })
  })
})
