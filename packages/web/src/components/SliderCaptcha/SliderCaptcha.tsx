import {
  ArrowRightOutlined,
  CheckOutlined,
  CloseOutlined,
  LoadingOutlined,
  ReloadOutlined,
} from '@ant-design/icons'
import { Button, Tooltip } from 'antd'
import type { TFunction } from 'i18next'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError } from '../../api/http'
import { type CaptchaChallenge, verifyAnswer } from './captcha-api'
import { type CaptchaStatus, useCaptchaChallenge } from './use-captcha-challenge'
import { type SliderAnswer, useSliderDrag } from './use-slider-drag'
import './slider-captcha.css'

export interface SliderCaptchaProps {
  /** Called with the one-time ticket once the piece is put in place. */
  onSuccess: (ticket: string) => void
  autoFocus?: boolean
}

/** How long a failure is shown before the piece goes back (or a new picture comes). */
const FAILURE_PAUSE_MS = 900

const percent = (value: number, of: number) => `${(value / of) * 100}%`

/** What is said below the track: success, a wrong answer, or why there is no picture. */
function messageOf(status: CaptchaStatus, wrong: boolean, loadError: string, t: TFunction): string {
  if (status === 'success') return t('captcha.success')
  if (status === 'failed' || wrong) return t('messages.captcha_failed')
  if (status === 'unavailable') return loadError || t('captcha.load_failed')
  return ''
}

/** What the track says to do; the failure is said once, below the track. */
function hintOf(status: CaptchaStatus, t: TFunction): string {
  if (status === 'verifying') return t('captcha.verifying')
  if (status === 'loading') return t('captcha.loading')
  return t('captcha.hint')
}

function HandleIcon({ status }: { status: CaptchaStatus }) {
  if (status === 'success') return <CheckOutlined />
  if (status === 'failed') return <CloseOutlined />
  if (status === 'verifying') return <LoadingOutlined />
  return <ArrowRightOutlined />
}

/**
 * The slider captcha (SPEC §2 shared elements): drag the piece into the gap of the picture. The
 * answer is checked by POST /open/captcha/verify; a right one gives the parent the ticket, a wrong
 * one says so (SPEC §8) and lets the user try again, on a new picture when the server asks for one.
 */
export function SliderCaptcha({ onSuccess, autoFocus = false }: SliderCaptchaProps) {
  const { t } = useTranslation()
  const { challenge, status, setStatus, loadError, load, latest } = useCaptchaChallenge()
  /** The last answer was wrong: said until the user moves the piece again. */
  const [wrong, setWrong] = useState(false)
  const trackRef = useRef<HTMLDivElement>(null)
  const handleRef = useRef<HTMLDivElement>(null)
  const hintId = useId()
  const statusId = useId()

  const width = challenge?.width ?? 300
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

  const handleLeft = percent(drag.x, width)

  return (
    <div
      className={`bd-captcha bd-captcha--${status}${drag.dragging ? ' bd-captcha--dragging' : ''}${wrong ? ' bd-captcha--wrong' : ''}`}
    >
      <CaptchaStage
        challenge={challenge}
        status={status}
        aspectRatio={`${width} / ${challenge?.height ?? 150}`}
        left={handleLeft}
        pieceWidth={percent(pieceWidth, width)}
        onRefresh={refresh}
      />
      <div className="bd-captcha__track" ref={trackRef}>
        <div
          className="bd-captcha__fill"
          style={{ width: `calc(${handleLeft} + ${percent(pieceWidth, width)})` }}
        />
        <span className="bd-captcha__hint" id={hintId} aria-hidden={drag.x > 0}>
          {hintOf(status, t)}
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
          <HandleIcon status={status} />
        </div>
      </div>
      <div className="bd-captcha__status" id={statusId} role="status" aria-live="polite">
        {messageOf(status, wrong, loadError, t)}
      </div>
    </div>
  )
}

/** The picture with the piece at the handle's place, or what stands for it while there is none. */
function CaptchaStage({
  challenge,
  status,
  aspectRatio,
  left,
  pieceWidth,
  onRefresh,
}: {
  challenge: CaptchaChallenge | null
  status: CaptchaStatus
  aspectRatio: string
  /** The piece's left edge and width, in percent of the picture's width. */
  left: string
  pieceWidth: string
  onRefresh: () => void
}) {
  const { t } = useTranslation()
  return (
    <div className="bd-captcha__stage" style={{ aspectRatio }}>
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
            style={{ left, width: pieceWidth }}
          />
        </>
      ) : (
        <div className="bd-captcha__placeholder">
          {status === 'unavailable' ? (
            <Button icon={<ReloadOutlined />} onClick={onRefresh}>
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
            onClick={onRefresh}
          />
        </Tooltip>
      )}
    </div>
  )
}
