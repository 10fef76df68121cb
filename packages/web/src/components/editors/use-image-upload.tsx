import { type ReactNode, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError } from '../../api/http'
import { notify } from '../../state/notify'
import { checkUpload, uploadFile } from '../uploads/upload-file'

/**
 * An editor's picture button: `choose` opens the file picker (`input`, hidden, rendered by the
 * editor), the picture is checked and sent through the upload path, then `insert` gets its address
 * and a text for it (the file name); refusals and failures are told the user.
 */
export function useImageUpload(
  insert: (url: string, alt: string) => void,
  testId: string,
): { uploading: boolean; choose: () => void; input: ReactNode } {
  const { t } = useTranslation()
  const fileInput = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)

  const upload = async (file: File) => {
    const refused = checkUpload(file, 'image')
    if (refused) {
      notify('danger', t(refused.key, { field: t('editor.image'), ...refused.values }))
      return
    }
    setUploading(true)
    try {
      const uploaded = await uploadFile(file)
      insert(uploaded.url, file.name.replace(/\.[^.]+$/, ''))
    } catch (error) {
      const messages = error instanceof HttpError ? Object.values(error.errors).flat() : []
      if (messages.length > 0 || !(error instanceof HttpError && error.handled))
        notify('danger', messages[0] ?? t('messages.upload_error'))
    } finally {
      setUploading(false)
    }
  }

  const input = (
    <input
      ref={fileInput}
      type="file"
      accept="image/png,image/jpeg,image/gif,image/webp"
      style={{ display: 'none' }}
      data-testid={testId}
      onChange={(event) => {
        const file = event.target.files?.[0]
        event.target.value = ''
        if (file) void upload(file)
      }}
    />
  )
  return { uploading, choose: () => fileInput.current?.click(), input }
}
