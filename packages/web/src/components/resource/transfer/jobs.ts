import { type ExportState, exportJob } from './export-job'
import { type ImportState, importJob } from './import-job'
import type { SavedTask, TaskJob } from './task-store'
import type { TransferStorage } from './transfer-storage'

// What the list's transfer buttons load when first used: starting an export or an import, and a
// task kept across a reload.
export { startExport } from './export-job'
export { startImport } from './import-job'

/** Rebuilds a kept task after a reload: an export or an import, where it stopped. */
export function restoreJob(saved: SavedTask, storage: TransferStorage): TaskJob | null {
  if (saved.kind === 'export') return exportJob(saved as unknown as ExportState, storage)
  if (saved.kind === 'import') return importJob(saved as unknown as ImportState, storage)
  return null
}
