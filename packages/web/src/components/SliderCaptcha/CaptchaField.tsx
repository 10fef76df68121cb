import { useEffect, useRef, useState } from 'react'
import { SliderCaptcha } from './SliderCaptcha'

interface CaptchaFieldProps {
  /** The ticket; set by the captcha, emptied by the form once it was used up. */
  value?: string
  onChange?: (ticket: string | undefined) => void
}

/** The slider captcha as a form control (inside a Form.Item): a new picture whenever the ticket is emptied. */
export function CaptchaField({ value, onChange }: CaptchaFieldProps) {
  const [round, setRound] = useState(0)
  const hadTicket = useRef(false)
  useEffect(() => {
    if (!value && hadTicket.current) setRound((n) => n + 1)
    hadTicket.current = Boolean(value)
  }, [value])
  return <SliderCaptcha key={round} onSuccess={(ticket) => onChange?.(ticket)} />
}
