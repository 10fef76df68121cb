import { LoadingOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons'
import { Button, Form, Image, Space, Upload } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError } from '../../../api/http'
import { fieldLabel } from '../../../forms/zod-rule'
import { checkUpload, uploadFile } from './upload-file'

export interface FileUploadProps {
  id?: string
  /** The form field; its errors show the refusals. */
  name: string
  kind: 'image' | 'pdf'
  value?: string
  onChange?: (value: string) => void
  disabled?: boolean
}

/**
 * Uploads one picture (with a preview) or one PDF and holds its url. The file is checked before it is
 * sent (type, size); the server's 422 shows under the field like any other error.
 */
export function FileUpload({ id, name, kind, value, onChange, disabled }: FileUploadProps) {
  const { t } = useTranslation()
  const form = Form.useFormInstance()
  const [busy, setBusy] = useState(false)
  const label = fieldLabel(name)
  const fail = (errors: string[]) => form.setFields([{ name, errors }])

  const send = async (file: File) => {
    const refusal = checkUpload(file, kind)
    if (refusal) {
      fail([t(refusal.key, { ...refusal.values, field: label })])
      return
    }
    setBusy(true)
    try {
      const answer = await uploadFile(file)
      onChange?.(answer.url)
      fail([])
    } catch (error) {
      const messages = error instanceof HttpError ? Object.values(error.errors).flat() : []
      fail([messages[0] ?? t('messages.upload_error')])
    } finally {
      setBusy(false)
    }
  }

  const upload = (trigger: React.ReactNode) => (
    <Upload
      accept={kind === 'image' ? 'image/png,image/jpeg,image/gif,image/webp' : 'application/pdf'}
      showUploadList={false}
      disabled={disabled || busy}
      beforeUpload={(file) => {
        void send(file)
        return Upload.LIST_IGNORE
      }}
    >
      {trigger}
    </Upload>
  )

  if (kind === 'pdf') {
    return (
      <Space wrap>
        {upload(
          <Button id={id} icon={busy ? <LoadingOutlined /> : <UploadOutlined />}>
            {t('upload.choose_file')}
          </Button>,
        )}
        {value && (
          <a href={value} target="_blank" rel="noreferrer">
            {value.split('/').pop()}
          </a>
        )}
        {value && !disabled && (
          <Button type="link" danger onClick={() => onChange?.('')}>
            {t('actions.delete')}
          </Button>
        )}
      </Space>
    )
  }
  return (
    <Space align="start" wrap>
      {value && <Image src={value} width={96} height={96} style={{ objectFit: 'contain' }} alt={label} />}
      {upload(
        <button
          id={id}
          type="button"
          className="bd-upload-card"
          disabled={disabled || busy}
          aria-label={`${t('upload.choose_image')}: ${label}`}
        >
          {busy ? <LoadingOutlined /> : <PlusOutlined />}
          <span>{t(value ? 'upload.replace' : 'upload.choose_image')}</span>
        </button>,
      )}
      {value && !disabled && (
        <Button type="link" danger onClick={() => onChange?.('')}>
          {t('actions.delete')}
        </Button>
      )}
    </Space>
  )
}
