import { DownloadOutlined, UploadOutlined } from '@ant-design/icons'
import type { FieldMeta } from '@brokerdesk/shared'
import { Button, Space } from 'antd'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Params } from '../../../api/http'
import { lazyPart } from '../../../app/lazy-part'
import { fieldTitle } from '../option-label'
import { restoreTask, useTaskExists } from './task-store'

/*
 * The buttons show from the start; what runs an export or an import (jobs.ts, the sheet writer and
 * reader) and the progress ring load the first time they are needed, so a list opens without them.
 */
const jobs = () => import('./jobs')
const TransferProgress = lazyPart(() => import('./TransferProgress'))

export interface TransferButtonsProps {
  resource: string
  canExport: boolean
  canImport: boolean
  /** The list's current filters and sort: the export follows them. */
  params: Params
  /** The exported fields, in order: their keys, and their column titles as the files' headers. */
  fields: readonly Pick<FieldMeta, 'name' | 'label'>[]
  onImported?: () => void
}

/** Export / import buttons of a list, and the progress of the running task with pause, resume and cancel. */
export function TransferButtons({
  resource,
  canExport,
  canImport,
  params,
  fields,
  onImported,
}: TransferButtonsProps) {
  const { t } = useTranslation()
  const keys = fields.map((field) => field.name)
  // The labels users see in the list, in their language; the import reads them in any language.
  const headers = fields.map((field) => fieldTitle(t, resource, field))
  // The ring follows the task itself: the buttons are not rendered again as it moves.
  const running = useTaskExists()
  const picker = useRef<HTMLInputElement>(null)
  // A task a reload interrupted comes back paused, to be resumed or cancelled.
  useEffect(() => {
    void restoreTask(async (saved, storage) => (await jobs()).restoreJob(saved, storage))
  }, [])
  const url = `/admin/${resource}`
  const pick = (file: File | undefined) => {
    if (!file) return
    void jobs().then(({ startImport }) =>
      startImport(file, { url: `${url}/import`, name: resource, keys, headers, onDone: onImported }),
    )
  }
  return (
    <Space wrap>
      {canExport && (
        <Button
          icon={<DownloadOutlined />}
          onPointerEnter={() => void jobs()}
          onClick={() =>
            void jobs().then(({ startExport }) =>
              startExport({ url: `${url}/excel`, params, name: resource, keys, headers }),
            )
          }
        >
          {t('actions.export')}
        </Button>
      )}
      {canImport && (
        <>
          <input
            ref={picker}
            type="file"
            accept=".xlsx"
            hidden
            tabIndex={-1}
            aria-hidden
            onChange={(event) => {
              pick(event.target.files?.[0])
              // the same file chosen again is a new import
              event.target.value = ''
            }}
          />
          <Button
            icon={<UploadOutlined />}
            onPointerEnter={() => void jobs()}
            onClick={() => picker.current?.click()}
          >
            {t('actions.import')}
          </Button>
        </>
      )}
      {running && <TransferProgress />}
    </Space>
  )
}
