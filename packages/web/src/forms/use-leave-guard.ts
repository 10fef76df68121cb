import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useBlocker } from 'react-router'
import { showModal } from '../state/modal'

/**
 * While a form holds unsaved changes, leaving asks first: a move inside the app through the one
 * prompt modal (stay or leave), closing or reloading the tab through the browser's own question.
 * Returns `release`, to call before the form itself moves on (after a save).
 */
export function useLeaveGuard(dirty: boolean): () => void {
  const { t } = useTranslation()
  const released = useRef(false)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !released.current && currentLocation.pathname !== nextLocation.pathname,
  )

  useEffect(() => {
    if (blocker.state !== 'blocked') return
    showModal({
      title: t('forms.leave_title'),
      content: t('forms.leave_text'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    })
  }, [blocker, t])

  useEffect(() => {
    if (!dirty) return
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // older browsers show the question only when a value is returned
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [dirty])

  return () => {
    released.current = true
  }
}
