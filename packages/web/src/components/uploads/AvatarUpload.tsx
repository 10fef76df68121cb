import { UploadOutlined, UserOutlined } from '@ant-design/icons'
import { Avatar, Button, Form, Upload } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError } from '../../api/http'
import { fieldLabel } from '../../forms/zod-rule'
import { checkUpload } from './upload-file'
import { refusalText, UploadRefused, uploadImage } from './upload-image'
import { useUploadSettings } from './upload-settings'
import './uploads.css'
import { lazyPart } from '../../app/lazy-part'

// The cropper comes in its own chunk, when a picture is chosen.
const AvatarCropModal = lazyPart(() => import('./AvatarCropModal'))

export interface AvatarUploadProps {
  id?: string
  /** The form field; its errors show the refusals. */
  name: string
  value?: string
  onChange?: (value: string) => void
  /** Shown while no avatar is set. */
  fallback?: string
}

/** The avatar: choose a picture, crop its square, and the cropped picture is uploaded; its url is the value. */
export function AvatarUpload({ id, name, value, onChange, fallback }: AvatarUploadProps) {
  const { t } = useTranslation()
  const form = Form.useFormInstance()
  const settings = useUploadSettings()
  const [source, setSource] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const fail = (errors: string[]) => form.setFields([{ name, errors }])

  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source])

  const upload = async (image: Blob) => {
    setBusy(true)
    try {
      onChange?.(await uploadImage(image, settings.data?.provider))
      fail([])
      setSource(null)
    } catch (error) {
      if (error instanceof UploadRefused) fail([t(error.message)])
      else {
        const messages = error instanceof HttpError ? Object.values(error.errors).flat() : []
        fail([refusalText(t, messages[0])])
      }
      setSource(null)
    } finally {
      setBusy(false)
    }
  }

  const shown = value?.trim() || fallback
  return (
    <div className="bd-avatar">
      <Avatar size={64} src={shown || undefined} icon={<UserOutlined />} alt={fieldLabel(name)} />
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        showUploadList={false}
        beforeUpload={(file) => {
          const refusal = checkUpload(file, 'image', settings.data?.max_kb.image)
          if (refusal) fail([t(refusal.key, { ...refusal.values, field: fieldLabel(name) })])
          else setSource(URL.createObjectURL(file))
          return Upload.LIST_IGNORE
        }}
      >
        <Button id={id} icon={<UploadOutlined />} loading={busy}>
          {t('upload.choose_avatar')}
        </Button>
      </Upload>
      {value && (
        <Button type="link" danger onClick={() => onChange?.('')}>
          {t('actions.delete')}
        </Button>
      )}
      {source && (
        <AvatarCropModal source={source} busy={busy} onCancel={() => setSource(null)} onCrop={upload} />
      )}
    </div>
  )
}
