import { useCallback, useEffect, useRef, useState } from 'react'
import { HttpError } from '../../api/http'
import { type CaptchaChallenge, fetchChallenge } from './captcha-api'

export type CaptchaStatus = 'loading' | 'ready' | 'verifying' | 'success' | 'failed' | 'unavailable'

/**
 * The picture to solve and where the captcha stands: loaded on mount, replaced before the server
 * lets it expire. `latest` counts the loads, so an answer to an older picture is ignored.
 */
export function useCaptchaChallenge() {
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null)
  const [status, setStatus] = useState<CaptchaStatus>('loading')
  const [loadError, setLoadError] = useState('')
  const latest = useRef(0)

  const load = useCallback(async () => {
    const request = ++latest.current
    setStatus('loading')
    setLoadError('')
    try {
      const next = await fetchChallenge()
      if (request !== latest.current) return
      setChallenge(next)
      setStatus('ready')
    } catch (error) {
      if (request !== latest.current) return
      setLoadError(error instanceof HttpError && error.status === 429 ? error.message : '')
      setStatus('unavailable')
    }
  }, [])

  useEffect(() => {
    void load()
    return () => {
      latest.current++
    }
  }, [load])

  // An unanswered challenge expires on the server: a new picture replaces it in time.
  useEffect(() => {
    if (status !== 'ready' || !challenge) return
    const timer = setTimeout(() => void load(), Math.max(5, challenge.expires_in - 5) * 1000)
    return () => clearTimeout(timer)
  }, [status, challenge, load])

  return { challenge, status, setStatus, loadError, load, latest }
}
