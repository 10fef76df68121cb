import { DownloadOutlined, ReloadOutlined, UpOutlined } from '@ant-design/icons'
import { Alert, Button, Empty, Flex, Segmented, Spin, Typography } from 'antd'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fetchTail, type TailPage } from './file-log-api'
import { readableLine } from './readable-line'

const PAGE_LINES = 200

interface Shown {
  lines: string[]
  /** Byte offset of the first line shown: the next page ends there. */
  start: number
  size: number
}

/**
 * The lines read so far of a file's end: the last page at first (scrolled to the end), earlier pages
 * put above them by `load(shown.start)`, the last page again by `load()`.
 */
function useLogTail(file: string, node?: string) {
  const [shown, setShown] = useState<Shown | null>(null)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const box = useRef<HTMLPreElement>(null)
  const scrollToEnd = useRef(false)

  const load = useCallback(
    async (before?: number) => {
      setLoading(true)
      setFailed(false)
      try {
        const page: TailPage = await fetchTail(file, PAGE_LINES, before, node)
        if (before === undefined) {
          scrollToEnd.current = true
          setShown({ lines: page.lines, start: page.start, size: page.size })
        } else {
          setShown((old) => ({
            lines: [...page.lines, ...(old?.lines ?? [])],
            start: page.start,
            size: old?.size ?? page.size,
          }))
        }
      } catch {
        setFailed(true)
      } finally {
        setLoading(false)
      }
    },
    [file, node],
  )

  useEffect(() => {
    setShown(null)
    void load()
  }, [load])

  useEffect(() => {
    if (scrollToEnd.current && box.current) {
      box.current.scrollTop = box.current.scrollHeight
      scrollToEnd.current = false
    }
  })

  return { shown, loading, failed, load, box }
}

/**
 * The last lines of a log file, and earlier ones page by page above them (read backwards on the
 * server; the file is never read whole), of the answering server process or of `node`.
 */
export function LogPreview({ file, node, download }: { file: string; node?: string; download?: string }) {
  const { t, i18n } = useTranslation()
  const [raw, setRaw] = useState(false)
  const { shown, loading, failed, load, box } = useLogTail(file, node)

  const count = shown?.lines.length ?? 0
  const readable = useMemo(() => (raw ? [] : (shown?.lines ?? []).map(readableLine)), [raw, shown])
  return (
    <section className="bd-log-preview" aria-label={t('file_log.preview_of', { file })}>
      <Flex className="bd-log-preview__head" justify="space-between" align="center" wrap gap={8}>
        <Typography.Text strong className="bd-log-preview__name">
          {file}
        </Typography.Text>
        <Flex gap={8} wrap>
          <Segmented
            size="small"
            value={raw ? 'raw' : 'readable'}
            onChange={(value) => setRaw(value === 'raw')}
            options={[
              { value: 'readable', label: t('file_log.readable') },
              { value: 'raw', label: t('file_log.raw') },
            ]}
          />
          <Button
            size="small"
            icon={<UpOutlined />}
            disabled={!shown || shown.start === 0 || loading}
            onClick={() => shown && void load(shown.start)}
          >
            {t('file_log.earlier')}
          </Button>
          <Button size="small" icon={<ReloadOutlined />} disabled={loading} onClick={() => void load()}>
            {t('file_log.refresh')}
          </Button>
          {download && (
            <Button size="small" icon={<DownloadOutlined />} href={download} download={file}>
              {t('file_log.download')}
            </Button>
          )}
        </Flex>
      </Flex>
      {failed && <Alert type="error" showIcon title={t('http.server_error')} />}
      <Spin spinning={loading}>
        {shown && count === 0 ? (
          <Empty description={t('file_log.empty_file')} />
        ) : (
          <pre
            ref={box}
            className="bd-log-preview__lines"
            data-testid="log-lines"
            // A scrolled box takes the keyboard's focus, so that the arrow keys scroll it.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
            tabIndex={0}
          >
            {shown?.start === 0 && count > 0 && (
              <span className="bd-log-preview__edge">{t('file_log.beginning')}</span>
            )}
            {raw
              ? shown?.lines.join('\n')
              : readable.map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
                  <span key={index} className={`bd-log-line bd-log-line--${line.level ?? 'plain'}`}>
                    {line.text}
                    {'\n'}
                  </span>
                ))}
          </pre>
        )}
      </Spin>
      {shown && (
        <Typography.Text type="secondary" className="bd-log-preview__foot">
          {t('file_log.lines_shown', {
            count,
            from: shown.start.toLocaleString(i18n.language),
            size: shown.size.toLocaleString(i18n.language),
          })}
        </Typography.Text>
      )}
    </section>
  )
}
