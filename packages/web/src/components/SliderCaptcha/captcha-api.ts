import type { TCaptchaVerifyInput } from '@brokerdesk/shared/auth'
import { http } from '../../api/http'

/** A slider challenge of GET /open/captcha: the background with its gap, and the piece (PNG data URLs). */
export interface CaptchaChallenge {
  id: string
  image: string
  piece: string
  /** Where the piece sits vertically in its image (the piece image is as tall as the background). */
  y: number
  width: number
  height: number
  piece_width: number
  /** Seconds the challenge may be answered in. */
  expires_in: number
}

export interface CaptchaTicket {
  /** The one-time ticket a form sends as `captcha`. */
  captcha: string
  expires_in: number
}

/** A 429 (too many challenges) is told by the captcha itself. */
export function fetchChallenge(): Promise<CaptchaChallenge> {
  return http.get<CaptchaChallenge>('/open/captcha', undefined, { handledStatuses: [429] })
}

export function verifyAnswer(answer: TCaptchaVerifyInput): Promise<CaptchaTicket> {
  return http.post<CaptchaTicket>('/open/captcha/verify', answer)
}
