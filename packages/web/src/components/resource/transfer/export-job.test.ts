import ExcelJS from 'exceljs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ExportState, exportJob, newExportState } from './export-job'
import { restoreJob } from './jobs'
import { cancelTask, restoreTask, resumeTask, setTransferStorage, startTask, taskStore } from './task-store'
import { memoryStorage, type TransferStorage } from './transfer-storage'

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** An export endpoint over `total` rows with ids 1…total, paged by max_id like the server's. */
function endpoint(total: number, failAt: number[] = []) {
  const calls: Record<string, unknown>[] = []
  const fetchPage = async (_url: string, params: Record<string, unknown>) => {
    calls.push(params)
    if (failAt.includes(calls.length)) throw new Error('network')
    const perPage = Number(params.per_page)
    const after = Number(params.max_id ?? 0)
    const data = []
    for (let id = after + 1; id <= Math.min(total, after + perPage); id++)
      data.push({ id, name: `产品 <${id}> & "x"`, price: id * 1.5, meta: { id }, note: null })
    return {
      current_page: Number(params.page),
      last_page: Math.max(1, Math.ceil((total - after) / perPage) + Number(params.page) - 1),
      max_id: data.length ? data[data.length - 1].id : after,
      data,
    }
  }
  return { calls, fetchPage }
}

async function readBack(blob: Blob) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(await blob.arrayBuffer())
  const sheet = workbook.worksheets[0]
  const rows: unknown[][] = []
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return { name: sheet.name, rows, bold: sheet.getRow(1).getCell(1).font?.bold }
}

const options = {
  url: '/admin/products/excel',
  params: { status: 1 },
  name: 'products',
  keys: ['id', 'name', 'price', 'meta', 'note'],
}

async function run(job: ReturnType<typeof exportJob>) {
  let done = false
  while (!done) done = await job.next()
  await job.finish()
}

afterEach(() => {
  cancelTask()
  setTransferStorage(null)
})

describe('streamed export', () => {
  it('writes every row once into an xlsx that exceljs reads back, with the filters on every page', async () => {
    const storage = memoryStorage()
    const { calls, fetchPage } = endpoint(23)
    const files: { blob: Blob; name: string }[] = []
    await run(
      exportJob(newExportState(options, 10), storage, fetchPage, (blob, name) => files.push({ blob, name })),
    )
    expect(files.map((f) => f.name)).toEqual(['products.xlsx'])
    expect(calls.map((c) => [c.status, c.page, c.per_page, c.max_id])).toEqual([
      [1, 1, 10, undefined],
      [1, 2, 10, 10],
      [1, 3, 10, 20],
    ])
    const sheet = await readBack(files[0].blob)
    expect(sheet.name).toBe('products')
    expect(sheet.bold).toBe(true)
    expect(sheet.rows[0]).toEqual(options.keys)
    expect(sheet.rows).toHaveLength(24)
    expect(sheet.rows[1]).toEqual([1, '产品 <1> & "x"', 1.5, '{"id":1}'])
    expect(sheet.rows.slice(1).map((row) => row[0])).toEqual(Array.from({ length: 23 }, (_, i) => i + 1))
  })

  it('starts a new file every rowsPerFile rows, also inside a page', async () => {
    const files: { blob: Blob; name: string }[] = []
    const { fetchPage } = endpoint(12)
    await run(
      exportJob(newExportState(options, 4, 5), memoryStorage(), fetchPage, (blob, name) =>
        files.push({ blob, name }),
      ),
    )
    expect(files.map((f) => f.name)).toEqual(['products.xlsx', 'products-2.xlsx', 'products-3.xlsx'])
    const ids = []
    for (const file of files) {
      const sheet = await readBack(file.blob)
      expect(sheet.rows[0]).toEqual(options.keys)
      ids.push(...sheet.rows.slice(1).map((row) => row[0]))
    }
    expect(ids).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
  })

  it('heads every file with the labels users see, the values still read by key', async () => {
    const files: Blob[] = []
    const headers = ['ID', '名称', '价格', '附加', '备注']
    const { fetchPage } = endpoint(7)
    await run(
      exportJob(newExportState({ ...options, headers }, 5, 5), memoryStorage(), fetchPage, (blob) =>
        files.push(blob),
      ),
    )
    expect(files).toHaveLength(2)
    for (const file of files) expect((await readBack(file)).rows[0]).toEqual(headers)
    expect((await readBack(files[0])).rows[1]).toEqual([1, '产品 <1> & "x"', 1.5, '{"id":1}'])
  })

  it('gives a file with the header only when nothing matches', async () => {
    const files: Blob[] = []
    await run(
      exportJob(newExportState(options), memoryStorage(), endpoint(0).fetchPage, (blob) => files.push(blob)),
    )
    expect((await readBack(files[0])).rows).toEqual([options.keys])
  })

  it('asks a failed page again without writing its rows twice', async () => {
    const files: Blob[] = []
    const { calls, fetchPage } = endpoint(25, [2])
    const job = exportJob(newExportState(options, 10), memoryStorage(), fetchPage, (blob) => files.push(blob))
    await job.next()
    await expect(job.next()).rejects.toThrow('network')
    await run(job)
    expect(calls.map((c) => c.page)).toEqual([1, 2, 2, 3])
    expect((await readBack(files[0])).rows.slice(1).map((row) => row[0])).toHaveLength(25)
  })

  it('resumes from its kept state after a reload, every row exactly once', async () => {
    const storage: TransferStorage = memoryStorage()
    setTransferStorage(storage)
    const { fetchPage } = endpoint(17)
    const files: { blob: Blob; name: string }[] = []
    const save = (blob: Blob, name: string) => files.push({ blob, name })
    // Before the reload: two pages, the first file written at 10 rows.
    // (A reload drops nothing: this job keeps its pieces when the test ends it.)
    // Paused as its first page comes (the first step runs once the task's state is kept).
    const firstPage: typeof fetchPage = async (...args) => {
      const page = await fetchPage(...args)
      taskStore.set((s) => ({ ...s, pauseing: true }))
      return page
    }
    const before = {
      ...exportJob(newExportState(options, 4, 10), storage, firstPage, save),
      discard: undefined,
    }
    expect(startTask(before)).toBe(true)
    await vi.waitFor(() => expect(taskStore.get().pauseing).toBe(true))
    await flush()
    const kept = (await storage.loadState()) as ExportState
    expect(kept).toMatchObject({ kind: 'export', page: 2, partRows: 4 })
    // The reload: the tab's memory is gone, the kept state and pieces remain.
    await cancelTaskKeepingState(storage)
    expect(
      await restoreTask((saved, s) =>
        saved.kind === 'export' ? exportJob(saved as unknown as ExportState, s, fetchPage, save) : null,
      ),
    ).toBe(true)
    expect(taskStore.get()).toMatchObject({ downloading: true, pauseing: true, model: 0 })
    resumeTask()
    await vi.waitFor(() => expect(files).toHaveLength(2))
    expect(files.map((f) => f.name)).toEqual(['products.xlsx', 'products-2.xlsx'])
    const ids = []
    for (const file of files) ids.push(...(await readBack(file.blob)).rows.slice(1).map((row) => row[0]))
    expect(ids).toEqual(Array.from({ length: 17 }, (_, i) => i + 1))
    await vi.waitFor(async () => expect(await storage.loadState()).toBeNull())
  })

  it('reads pages of arrays by their columns, whatever their order, and asks for them', async () => {
    const { calls, fetchPage: objects } = endpoint(12)
    const columns = ['note', 'name', 'id', 'extra', 'price']
    const fetchPage = async (url: string, params: Record<string, unknown>) => {
      const page = await objects(url, params)
      return {
        ...page,
        columns,
        data: page.data.map((row) => columns.map((key) => (row as never)[key] ?? 'x')),
      }
    }
    const files: Blob[] = []
    await run(exportJob(newExportState(options, 5), memoryStorage(), fetchPage, (blob) => files.push(blob)))
    expect(calls.every((c) => c.layout === 'arrays')).toBe(true)
    const sheet = await readBack(files[0])
    expect(sheet.rows[0]).toEqual(options.keys)
    // meta is no column of these pages: its cells stay empty.
    expect(sheet.rows[1]).toEqual([1, '产品 <1> & "x"', 1.5, undefined, 'x'])
    expect(sheet.rows.slice(1).map((row) => row[0])).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
  })

  it('saves a full file again when saving it failed, and every row lands once', async () => {
    const { calls, fetchPage } = endpoint(14)
    const files: { blob: Blob; name: string }[] = []
    let refuse = true
    const save = (blob: Blob, name: string) => {
      if (refuse) {
        refuse = false
        throw new Error('disk full')
      }
      files.push({ blob, name })
    }
    // Pages of 4, files of 6: the second page fills the first file in its middle.
    const job = exportJob(newExportState(options, 4, 6), memoryStorage(), fetchPage, save)
    await job.next()
    await expect(job.next()).rejects.toThrow('disk full')
    await run(job)
    expect(files.map((f) => f.name)).toEqual(['products.xlsx', 'products-2.xlsx', 'products-3.xlsx'])
    const ids = []
    for (const file of files) ids.push(...(await readBack(file.blob)).rows.slice(1).map((row) => row[0]))
    expect(ids).toEqual(Array.from({ length: 14 }, (_, i) => i + 1))
    // Page 2 was asked for again after the failure (the pages after it were already on their way),
    // its first rows not written twice.
    expect(calls.filter((c) => c.page === 2)).toHaveLength(2)
  })

  it('asks for the pages after the next one while it writes, and none beyond the last', async () => {
    const { calls, fetchPage } = endpoint(50)
    const files: Blob[] = []
    const job = exportJob(newExportState(options, 10, 10), memoryStorage(), fetchPage, (blob) =>
      files.push(blob),
    )
    await job.next()
    await flush()
    // Page 1 written; page 2 is next, pages 3 and 4 are asked for beyond it.
    expect(calls.map((c) => c.page)).toEqual([1, 2, 3, 4])
    await run(job)
    expect(calls.map((c) => c.page)).toEqual([1, 2, 3, 4, 5])
    expect(files).toHaveLength(5)
  })

  it('rebuilds only the kinds of task it knows', () => {
    expect(restoreJob({ kind: 'other' }, memoryStorage())).toBeNull()
  })
})

/** What a reload does to the task store: the running job is gone, its kept state stays. */
async function cancelTaskKeepingState(storage: TransferStorage) {
  const kept = await storage.loadState()
  cancelTask()
  await flush()
  await storage.saveState(kept)
}
