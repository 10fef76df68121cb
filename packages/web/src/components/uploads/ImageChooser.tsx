import { DeleteOutlined, HolderOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Form, Image, Upload } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError } from '../../api/http'
import { fieldLabel } from '../../forms/zod-rule'
import { checkUpload } from './upload-file'
import { refusalText, UploadRefused, uploadImage } from './upload-image'
import { useUploadSettings } from './upload-settings'
import './uploads.css'

/** SPEC §9: the image chooser takes up to 9 pictures unless told otherwise. */
export const IMAGE_CHOOSER_DEFAULT_COUNT = 9

export interface ImageChooserProps {
  id?: string
  /** The form field; its errors show the refusals. */
  name: string
  /** How many pictures; 1 holds a single url, more hold a list. */
  max?: number
  value?: string | string[]
  onChange?: (value: string | string[]) => void
  disabled?: boolean
}

/** Moves the item at `from` to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item)
  return next
}

/**
 * Pictures chosen for a field: upload (several at once), preview, remove, and reorder by dragging a
 * picture onto another's place. Each file is checked before it is sent; the server's refusal shows
 * under the field.
 */
export function ImageChooser({
  id,
  name,
  max = IMAGE_CHOOSER_DEFAULT_COUNT,
  value,
  onChange,
  disabled,
}: ImageChooserProps) {
  const { t } = useTranslation()
  const form = Form.useFormInstance()
  const settings = useUploadSettings()
  const [busy, setBusy] = useState(0)
  const [dragged, setDragged] = useState<number | null>(null)
  const label = fieldLabel(name)
  const urls = (Array.isArray(value) ? value : value ? [value] : []).filter(Boolean)
  const emit = (next: string[]) => onChange?.(max === 1 ? (next[0] ?? '') : next)
  const fail = (errors: string[]) => form.setFields([{ name, errors }])

  const send = async (files: File[]) => {
    const room = max === 1 ? 1 : Math.max(0, max - urls.length)
    if (files.length > room && max > 1) fail([t('upload.too_many', { count: max })])
    const chosen = files.slice(0, room)
    const maxKb = settings.data?.max_kb.image
    for (const file of chosen) {
      const refusal = checkUpload(file, 'image', maxKb)
      if (refusal) {
        fail([t(refusal.key, { ...refusal.values, field: label })])
        return
      }
    }
    setBusy((n) => n + chosen.length)
    const added: string[] = []
    try {
      for (const file of chosen) {
        added.push(await uploadImage(file, settings.data?.provider))
        setBusy((n) => n - 1)
      }
      if (files.length <= room || max === 1) fail([])
    } catch (error) {
      setBusy(0)
      if (error instanceof UploadRefused) fail([t(error.message)])
      else {
        const messages = error instanceof HttpError ? Object.values(error.errors).flat() : []
        fail([refusalText(t, messages[0])])
      }
    } finally {
      setBusy(0)
      if (added.length) emit(max === 1 ? added.slice(-1) : [...urls, ...added])
    }
  }

  let pending: File[] = []
  return (
    <div className="bd-images">
      <Image.PreviewGroup>
        {urls.map((url, index) => (
          <ChosenPicture
            key={url}
            url={url}
            index={index}
            count={urls.length}
            label={label}
            disabled={disabled}
            dragged={dragged}
            onDrag={setDragged}
            onMove={(from, to) => emit(moved(urls, from, to))}
            onRemove={() => emit(urls.filter((_, i) => i !== index))}
          />
        ))}
      </Image.PreviewGroup>
      {(urls.length < max || max === 1) && !disabled && (
        <Upload
          accept="image/png,image/jpeg,image/gif,image/webp"
          multiple={max > 1}
          showUploadList={false}
          disabled={disabled || busy > 0}
          beforeUpload={(file, list) => {
            pending.push(file)
            if (pending.length === list.length) {
              const files = pending
              pending = []
              void send(files)
            }
            return Upload.LIST_IGNORE
          }}
        >
          <button
            id={id}
            type="button"
            className="bd-upload-card"
            disabled={disabled || busy > 0}
            aria-label={`${t('upload.choose_image')}: ${label}`}
          >
            {busy > 0 ? <LoadingOutlined /> : <PlusOutlined />}
            <span>
              {t(max === 1 && urls.length ? 'upload.replace' : 'upload.choose_image')}
              {max > 1 ? ` (${urls.length}/${max})` : ''}
            </span>
          </button>
        </Upload>
      )}
    </div>
  )
}

/** One chosen picture: previewed, removed, and moved by dragging it or with the arrow keys. */
function ChosenPicture({
  url,
  index,
  count,
  label,
  disabled,
  dragged,
  onDrag,
  onMove,
  onRemove,
}: {
  url: string
  index: number
  count: number
  label: string
  disabled?: boolean
  /** The index of the picture being dragged, if any. */
  dragged: number | null
  onDrag: (index: number | null) => void
  onMove: (from: number, to: number) => void
  onRemove: () => void
}) {
  const { t } = useTranslation()
  return (
    // biome-ignore lint/a11y/useSemanticElements: a draggable picture holding its own buttons cannot be a <button>
    <div
      className={`bd-images__item${dragged === index ? ' bd-images__item--dragged' : ''}`}
      draggable={!disabled && count > 1}
      role="button"
      tabIndex={disabled || count < 2 ? -1 : 0}
      aria-label={`${label} ${index + 1}/${count}`}
      onKeyDown={(event) => {
        // The keyboard's way to reorder: arrows move the focused picture.
        const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0
        const to = index + step
        if (!step || disabled || to < 0 || to >= count) return
        event.preventDefault()
        onMove(index, to)
      }}
      onDragStart={(event) => {
        onDrag(index)
        event.dataTransfer.effectAllowed = 'move'
      }}
      onDragEnd={() => onDrag(null)}
      onDragOver={(event) => {
        if (dragged !== null) event.preventDefault()
      }}
      onDrop={(event) => {
        event.preventDefault()
        if (dragged !== null && dragged !== index) onMove(dragged, index)
        onDrag(null)
      }}
      data-testid="image-chooser-item"
    >
      <Image src={url} width={96} height={96} style={{ objectFit: 'cover' }} alt={`${label} ${index + 1}`} />
      {!disabled && (
        <div className="bd-images__tools">
          {count > 1 && <HolderOutlined aria-hidden className="bd-images__handle" />}
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('actions.delete')}: ${label} ${index + 1}`}
            onClick={onRemove}
          />
        </div>
      )}
    </div>
  )
}
