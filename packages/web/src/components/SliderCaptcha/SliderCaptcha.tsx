import {
  ArrowRightOutlined,
  CheckOutlined,
  CloseOutlined,
  LoadingOutlined,
  ReloadOutlined,
} from '@ant-design/icons'
import { Button, Tooltip } from 'antd'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError } from '../../api/http'
import { type CaptchaChallenge, fetchChallenge, verifyAnswer } from './captcha-api'
import { type SliderAnswer, useSliderDrag } from './use-slider-drag'
import './slider-captcha.css'

type Status = 'loading' | 'ready' | 'verifying' | 'success' | 'failed' | 'unavailable'

export interface SliderCaptchaProps {
  /** Called with the one-time ticket once the piece is put in place. */
  onSuccess: (ticket: string) => void
  autoFocus?: boolean
}

/** How long a failure is shown before the piece goes back (or a new picture comes). */
const FAILURE_PAUSE_MS = 900

const percent = (value: number, of: number) => `${(value / of) * 100}%`

/**
 * The slider captcha (SPEC §2 shared elements): drag the piece into the gap of the picture. The
 * answer is checked by POST /open/captcha/verify; a right one gives the parent the ticket, a wrong
 * one says so (SPEC §8) and lets the user try again, on a new picture when the server asks for one.
 */
export function SliderCaptcha({ onSuccess, autoFocus = false }: SliderCaptchaProps) {
  const { t } = useTranslation()
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null)
  const [status, setStatus] = useState<Status>('loading')
  const [loadError, setLoadError] = useState('')
  /** The last answer was wrong: said until the user moves the piece again. */
  const [wrong, setWrong] = useState(false)
  const trackRef = useRef<HTMLDivElement>(null)
  const handleRef = useRef<HTMLDivElement>(null)
  const latest = useRef(0)
  const hintId = useId()
  const statusId = useId()

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

  const width = challenge?.width ?? 300
  const height = challenge?.height ?? 150
  const pieceWidth = challenge?.piece_width ?? 54
  const max = width - pieceWidth

  const verify = async (answer: SliderAnswer) => {
    if (!challenge) return
    const request = latest.current
    setStatus('verifying')
    try {
      const { captcha } = await verifyAnswer({
        id: challenge.id,
        x: answer.x,
        duration_ms: answer.durationMs,
        track: answer.track,
      })
      if (request !== latest.current) return
      setWrong(false)
      setStatus('success')
      onSuccess(captcha)
    } catch (error) {
      if (request !== latest.current) return
      if (!(error instanceof HttpError) || error.status !== 422) {
        // The HTTP client told the user; the same picture can be tried again.
        drag.reset()
        setStatus('ready')
        return
      }
      setWrong(true)
      setStatus('failed')
      const refresh = (error.body as { refresh?: boolean } | undefined)?.refresh === true
      setTimeout(() => {
        if (request !== latest.current) return
        drag.reset()
        if (refresh) void load()
        else setStatus('ready')
        handleRef.current?.focus({ preventScroll: true })
      }, FAILURE_PAUSE_MS)
    }
  }

  const drag = useSliderDrag({
    trackRef,
    imageWidth: width,
    max,
    enabled: status === 'ready',
    onRelease: verify,
  })

  useEffect(() => {
    if (status === 'ready' && drag.x > 0) setWrong(false)
  }, [status, drag.x])

  useEffect(() => {
    if (autoFocus && status === 'ready') handleRef.current?.focus({ preventScroll: true })
  }, [autoFocus, status])

  const refresh = () => {
    drag.reset()
    void load()
  }

  const message =
    status === 'success'
      ? t('captcha.success')
      : status === 'failed' || wrong
        ? t('messages.captcha_failed')
        : status === 'unavailable'
          ? loadError || t('captcha.load_failed')
          : ''
  // The failure is said once, below the track; the track keeps telling what to do.
  const hint =
    status === 'verifying'
      ? t('captcha.verifying')
      : status === 'loading'
        ? t('captcha.loading')
        : t('captcha.hint')
  const icon =
    status === 'success' ? (
      <CheckOutlined />
    ) : status === 'failed' ? (
      <CloseOutlined />
    ) : status === 'verifying' ? (
      <LoadingOutlined />
    ) : (
      <ArrowRightOutlined />
    )
  const handleLeft = percent(drag.x, width)

  return (
    <div
      className={`bd-captcha bd-captcha--${status}${drag.dragging ? ' bd-captcha--dragging' : ''}${wrong ? ' bd-captcha--wrong' : ''}`}
    >
      <div className="bd-captcha__stage" style={{ aspectRatio: `${width} / ${height}` }}>
        {challenge ? (
          <>
            <img
              className="bd-captcha__image"
              src={challenge.image}
              alt={t('captcha.image_alt')}
              draggable={false}
            />
            <img
              className="bd-captcha__piece"
              src={challenge.piece}
              alt=""
              draggable={false}
              style={{ left: handleLeft, width: percent(pieceWidth, width) }}
            />
          </>
        ) : (
          <div className="bd-captcha__placeholder">
            {status === 'unavailable' ? (
              <Button icon={<ReloadOutlined />} onClick={refresh}>
                {t('errors.retry')}
              </Button>
            ) : (
              <LoadingOutlined className="bd-captcha__spinner" />
            )}
          </div>
        )}
        {challenge && status !== 'success' && (
          <Tooltip title={t('captcha.refresh')}>
            <Button
              className="bd-captcha__refresh"
              shape="circle"
              size="small"
              icon={<ReloadOutlined />}
              aria-label={t('captcha.refresh')}
              disabled={status === 'verifying' || status === 'loading'}
              onClick={refresh}
            />
          </Tooltip>
        )}
      </div>
      <div className="bd-captcha__track" ref={trackRef}>
        <div
          className="bd-captcha__fill"
          style={{ width: `calc(${handleLeft} + ${percent(pieceWidth, width)})` }}
        />
        <span className="bd-captcha__hint" id={hintId} aria-hidden={drag.x > 0}>
          {hint}
        </span>
        <div
          ref={handleRef}
          className="bd-captcha__handle"
          role="slider"
          tabIndex={status === 'ready' ? 0 : -1}
          aria-label={t('captcha.slider')}
          aria-describedby={`${hintId} ${statusId}`}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={Math.round(drag.x)}
          aria-disabled={status !== 'ready'}
          style={{ left: handleLeft, width: percent(pieceWidth, width) }}
          {...drag.handlers}
        >
          {icon}
        </div>
      </div>
      <div className="bd-captcha__status" id={statusId} role="status" aria-live="polite">
        {message}
      </div>
    </div>
  )
}
