import { Modal } from 'antd'
import { type ReactNode, useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SliderCaptcha } from './SliderCaptcha'

/** Long enough to see the "verified" state before the modal closes. */
const CLOSE_DELAY_MS = 400

interface CaptchaModalProps {
  open: boolean
  onSolved: (ticket: string) => void
  onCancel: () => void
}

/** The slider captcha in a modal: a new picture each time it opens. */
export function CaptchaModal({ open, onSolved, onCancel }: CaptchaModalProps) {
  const { t } = useTranslation()
  return (
    <Modal
      open={open}
      title={t('captcha.title')}
      footer={null}
      width={348}
      centered
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onCancel}
      className="bd-captcha-modal"
    >
      <SliderCaptcha autoFocus onSuccess={(ticket) => setTimeout(() => onSolved(ticket), CLOSE_DELAY_MS)} />
    </Modal>
  )
}

/**
 * Asks for the captcha when an action needs it: `ask()` opens the modal and resolves with the ticket,
 * or with null when the user closes it. Render `modal` somewhere in the component.
 */
export function useCaptchaPrompt(): { ask: () => Promise<string | null>; modal: ReactNode } {
  const [open, setOpen] = useState(false)
  const pending = useRef<((ticket: string | null) => void) | null>(null)

  const settle = useCallback((ticket: string | null) => {
    setOpen(false)
    const resolve = pending.current
    pending.current = null
    resolve?.(ticket)
  }, [])

  const ask = useCallback(
    () =>
      new Promise<string | null>((resolve) => {
        pending.current?.(null)
        pending.current = resolve
        setOpen(true)
      }),
    [],
  )

  return { ask, modal: <CaptchaModal open={open} onSolved={settle} onCancel={() => settle(null)} /> }
}
