import { useTranslation } from 'react-i18next'
import { HttpError } from '../../api/http'
import { notify } from '../../state/notify'
import { deleteRows } from './resource-api'

/**
 * The delete of a list's rows (a row's own button, or the selected ones): says it was done and calls
 * `onRemoved`; a refusal (e.g. a node that still has children) says why, other errors were already told.
 */
export function useRemoveRows(resource: string, onRemoved: () => Promise<unknown>) {
  const { t } = useTranslation()
  return async (ids: number[]) => {
    try {
      await deleteRows(resource, ids)
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) {
        notify('danger', Object.values(error.errors).flat()[0] ?? error.message)
      }
      return
    }
    notify('success', t('messages.success', { action: t('actions.delete') }))
    await onRemoved()
  }
}
