import { Modal, Slider } from 'antd'
import { useState } from 'react'
import Cropper, { type Area } from 'react-easy-crop'
import { useTranslation } from 'react-i18next'

/** The side of a stored avatar, in pixels. */
export const AVATAR_SIZE = 256

/** Draws the chosen square of the picture at AVATAR_SIZE and answers it as a PNG. */
export async function cropToBlob(source: string, area: Area): Promise<Blob> {
  const image = new Image()
  image.src = source
  await image.decode()
  const canvas = document.createElement('canvas')
  canvas.width = AVATAR_SIZE
  canvas.height = AVATAR_SIZE
  const context = canvas.getContext('2d')
  if (!context) throw new Error('no canvas')
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, AVATAR_SIZE, AVATAR_SIZE)
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png'),
  )
}

export interface AvatarCropModalProps {
  /** An object URL of the chosen picture. */
  source: string
  busy: boolean
  onCancel: () => void
  onCrop: (image: Blob) => void
}

/** Chooses the square of a picture that becomes the avatar: drag to move, slide or scroll to zoom. */
export default function AvatarCropModal({ source, busy, onCancel, onCrop }: AvatarCropModalProps) {
  const { t } = useTranslation()
  const [crop, setCrop] = useState({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(1)
  const [area, setArea] = useState<Area | null>(null)
  return (
    <Modal
      open
      title={t('upload.crop_title')}
      okText={t('upload.crop_ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: !area }}
      onCancel={onCancel}
      onOk={async () => {
        if (area) onCrop(await cropToBlob(source, area))
      }}
      destroyOnHidden
    >
      <div className="bd-crop">
        <Cropper
          image={source}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape="round"
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
        />
      </div>
      <div className="bd-crop__zoom">
        <span>{t('upload.zoom')}</span>
        <Slider min={1} max={3} step={0.05} value={zoom} onChange={setZoom} aria-label={t('upload.zoom')} />
      </div>
    </Modal>
  )
}
