import { CaretRightOutlined, PauseOutlined, UploadOutlined } from '@ant-design/icons'
import { Button, Form, Progress, Space, Typography, Upload } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldLabel } from '../../forms/zod-rule'
import { type ResumableUpload, resumableUpload } from './resumable-upload'
import { refusalText } from './upload-image'
import { useUploadSettings } from './upload-settings'

export interface ResumableFileInputProps {
  id?: string
  /** The form field; its errors show the refusals. */
  name: string
  value?: string
  onChange?: (value: string) => void
  disabled?: boolean
  /** The resource the document is for (its administrators may read it), when in a resource's form. */
  resource?: string
}

type Phase = 'idle' | 'uploading' | 'paused' | 'done' | 'failed'

/**
 * A PDF document sent as a resumable upload, with its progress bar: start by choosing the file,
 * pause and continue (also after a reload or a dropped connection: choosing the same file again
 * continues from the byte the server has), complete. Holds the stored file's url.
 */
export function ResumableFileInput({
  id,
  name,
  value,
  onChange,
  disabled,
  resource,
}: ResumableFileInputProps) {
  const { t } = useTranslation()
  const form = Form.useFormInstance()
  const settings = useUploadSettings()
  const upload = useRef<ResumableUpload | null>(null)
  const [phase, setPhase] = useState<Phase>('idle')
  const [progress, setProgress] = useState({ sent: 0, total: 0, name: '' })
  const fail = (errors: string[]) => form.setFields([{ name, errors }])

  useEffect(() => () => void upload.current?.pause(), [])

  const begin = (file: File) => {
    const maxKb = settings.data?.max_kb.document
    if (file.type !== 'application/pdf')
      return fail([t('validations.messages.mimes', { field: fieldLabel(name) })])
    if (maxKb && file.size > maxKb * 1024) {
      return fail([t('validations.messages.size', { field: fieldLabel(name), size: maxKb })])
    }
    void upload.current?.pause()
    fail([])
    setProgress({ sent: 0, total: file.size, name: file.name })
    const current = resumableUpload(file, 'document', resource, {
      onProgress: (sent, total) => setProgress((p) => ({ ...p, sent, total })),
      onSuccess: (stored) => {
        setPhase('done')
        onChange?.(stored.url)
      },
      onError: (message) => {
        setPhase('failed')
        fail([refusalText(t, message)])
      },
    })
    upload.current = current
    setPhase('uploading')
    void current.start()
  }

  const percent = progress.total ? Math.floor((progress.sent / progress.total) * 100) : 0
  const busy = phase === 'uploading' || phase === 'paused'
  return (
    <div className="bd-resumable">
      <Space wrap>
        <Upload
          accept="application/pdf"
          showUploadList={false}
          disabled={disabled || phase === 'uploading'}
          beforeUpload={(file) => {
            begin(file)
            return Upload.LIST_IGNORE
          }}
        >
          <Button id={id} icon={<UploadOutlined />} disabled={disabled || phase === 'uploading'}>
            {t('upload.choose_file')}
          </Button>
        </Upload>
        {phase === 'uploading' && (
          <Button
            icon={<PauseOutlined />}
            onClick={() => {
              void upload.current?.pause()
              setPhase('paused')
            }}
          >
            {t('upload.pause')}
          </Button>
        )}
        {phase === 'paused' && (
          <Button
            type="primary"
            icon={<CaretRightOutlined />}
            onClick={() => {
              setPhase('uploading')
              void upload.current?.start()
            }}
          >
            {t('upload.continue')}
          </Button>
        )}
        {value && !busy && (
          <a href={value} target="_blank" rel="noreferrer" download>
            {value.split('/').pop()}
          </a>
        )}
        {value && !disabled && !busy && (
          <Button type="link" danger onClick={() => onChange?.('')}>
            {t('actions.delete')}
          </Button>
        )}
      </Space>
      {phase !== 'idle' && (
        <div className="bd-resumable__progress" aria-live="polite">
          <Typography.Text type="secondary" ellipsis>
            {progress.name} · {t(`upload.state_${phase}`)}
          </Typography.Text>
          <Progress
            percent={percent}
            status={phase === 'failed' ? 'exception' : phase === 'done' ? 'success' : 'active'}
            aria-label={progress.name}
          />
          {phase === 'paused' && (
            <Typography.Text type="secondary">{t('upload.resume_hint')}</Typography.Text>
          )}
        </div>
      )}
    </div>
  )
}
