import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { modalStore } from '../../../state/modal'
import { xlsxFile } from '../../../test/xlsx-file'
import { importJob, type NewImport, newImport } from './import-job'
import { restoreJob } from './jobs'
import {
  cancelTask,
  hasTask,
  PROGRESS_EVERY_MS,
  pauseTask,
  resumeTask,
  setTransferStorage,
  startTask,
  type TaskJob,
  taskStore,
  useTaskExists,
} from './task-store'
import { memoryStorage, type TransferStorage } from './transfer-storage'

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function stepJob(steps: number, fail: number[] = []): TaskJob & { done: number; failures: number } {
  let step = 0
  const job = {
    model: 0 as const,
    done: 0,
    failures: 0,
    async next() {
      if (fail.includes(step)) {
        fail.splice(fail.indexOf(step), 1)
        throw new Error('boom')
      }
      step += 1
      return step >= steps
    },
    progress: () => Math.round((step / steps) * 100),
    finish() {
      job.done += 1
    },
    fail() {
      job.failures += 1
    },
  }
  return job
}

afterEach(() => cancelTask())

describe('task store', () => {
  it('runs a task to the end and allows only one at a time', async () => {
    const job = stepJob(4)
    expect(startTask(job)).toBe(true)
    expect(startTask(stepJob(1))).toBe(false)
    await flush()
    expect(job.done).toBe(1)
    expect(taskStore.get().download_progress).toBe(100)
    expect(hasTask()).toBe(false)
  })

  it('runs no step before the state of a new task is kept', async () => {
    const storage = memoryStorage()
    const save = storage.saveState.bind(storage)
    let keep: (() => void) | undefined
    storage.saveState = (state) =>
      keep
        ? save(state)
        : new Promise<void>((resolve) => {
            keep = () => void save(state).then(resolve)
          })
    setTransferStorage(storage)
    try {
      const job = stepJob(2)
      let steps = 0
      const next = job.next.bind(job)
      const counted = () => {
        steps += 1
        return next()
      }
      startTask(Object.assign(job, { next: counted, snapshot: () => ({ kind: 'test' }) }))
      await flush()
      expect(steps).toBe(0)
      expect(await storage.loadState()).toBeNull()
      keep?.()
      await flush()
      expect(steps).toBe(2)
      expect(job.done).toBe(1)
    } finally {
      setTransferStorage(null)
    }
  })

  it('pauses on an error, and resumes from the failed step', async () => {
    const job = stepJob(3, [1])
    startTask(job)
    await flush()
    expect(job.failures).toBe(1)
    expect(taskStore.get()).toMatchObject({ pauseing: true, download_progress: 33, downloading: true })
    resumeTask()
    await flush()
    expect(job.done).toBe(1)
  })

  it('pauses and cancels on request', async () => {
    const job = stepJob(100)
    startTask(job)
    pauseTask()
    await flush()
    expect(taskStore.get().pauseing).toBe(true)
    expect(job.done).toBe(0)
    cancelTask()
    expect(taskStore.get()).toMatchObject({ downloading: false, model: null })
    expect(startTask(stepJob(1))).toBe(true)
  })

  it('moves the ring at most every PROGRESS_EVERY_MS, then to where the task is by then', async () => {
    vi.useFakeTimers()
    try {
      let step = 0
      const answers: (() => void)[] = []
      const job: TaskJob = {
        model: 1,
        next: () =>
          new Promise<boolean>((resolve) =>
            answers.push(() => {
              step += 1
              resolve(step >= 4)
            }),
          ),
        progress: () => step * 25,
        finish() {},
        fail() {},
      }
      startTask(job)
      await vi.advanceTimersByTimeAsync(0) // the first step starts once the task's state is kept
      const answer = async () => {
        answers.shift()?.()
        await vi.advanceTimersByTimeAsync(0)
      }
      await answer()
      expect(taskStore.get().download_progress).toBe(25)
      await answer()
      await answer()
      expect(taskStore.get().download_progress).toBe(25)
      await vi.advanceTimersByTimeAsync(PROGRESS_EVERY_MS)
      expect(taskStore.get().download_progress).toBe(75)
      await answer()
      expect(taskStore.get().download_progress).toBe(100)
    } finally {
      vi.useRealTimers()
    }
  })

  it('shows where a task stopped at once when it pauses', async () => {
    // Steps 2 and 3 come within PROGRESS_EVERY_MS of the first: the ring moves when step 4 fails.
    startTask(stepJob(10, [3]))
    await flush()
    expect(taskStore.get()).toMatchObject({ pauseing: true, download_progress: 30 })
  })

  it('renders what shows only that a task exists again when one starts or ends, not as it moves', () => {
    let renders = 0
    const { result } = renderHook(() => {
      renders += 1
      return useTaskExists()
    })
    act(() => taskStore.set((s) => ({ ...s, downloading: true })))
    expect(result.current).toBe(true)
    const started = renders
    act(() => taskStore.set((s) => ({ ...s, download_progress: 40 })))
    act(() => taskStore.set((s) => ({ ...s, download_progress: 60 })))
    expect(renders).toBe(started)
    act(() => taskStore.set((s) => ({ ...s, downloading: false })))
    expect(result.current).toBe(false)
  })

  it('clears the task flags about a second after it ends', async () => {
    vi.useFakeTimers()
    try {
      startTask(stepJob(1))
      await vi.advanceTimersByTimeAsync(10)
      expect(taskStore.get().downloading).toBe(true)
      await vi.advanceTimersByTimeAsync(1000)
      expect(taskStore.get()).toMatchObject({ downloading: false, download_progress: 0 })
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('import job', () => {
  const rows = Array.from({ length: 450 }, (_, i) => ({ name: `r${i}` }))
  const options = { url: '/i', name: 'n', keys: ['name'] }
  const begun = async (
    list: readonly Record<string, unknown>[],
    storage: TransferStorage,
    rowsPerChunk?: number,
  ) => (await newImport(options, await xlsxFile('n', ['name'], list), storage, rowsPerChunk)) as NewImport

  it('sends chunks of the given size and offers the failed rows of every chunk', async () => {
    const storage = memoryStorage()
    const sizes: number[] = []
    const send = async (_url: string, datas: Record<string, unknown>[]) => {
      sizes.push(datas.length)
      return { status: 200, imported: datas.length - 1, errors: [{ ...datas[0], error: 'bad' }] }
    }
    const written: unknown[][] = []
    const job = importJob((await begun(rows, storage, 200)).state, storage, {
      send,
      write: async (_n, _k, failed) => {
        written.push([...failed])
      },
    })
    let done = false
    while (!done) done = await job.next()
    expect(sizes).toEqual([200, 200, 50])
    expect(job.progress()).toBe(100)
    await job.finish()
    modalStore.get().onOk?.()
    expect(written[0]).toEqual(['r0', 'r200', 'r400'].map((name) => ({ name, error: 'bad' })))
  })

  it('keeps the failed rows of the chunks that had some only, and offers them in chunk order', async () => {
    const storage = memoryStorage()
    const send = async (_url: string, datas: Record<string, unknown>[]) => {
      const bad = datas.filter((row) => row.name === 'r250' || row.name === 'r420')
      return {
        status: 200,
        imported: datas.length - bad.length,
        errors: bad.map((row) => ({ ...row, error: 'bad' })),
      }
    }
    const written: unknown[][] = []
    const state = (await begun(rows, storage, 200)).state
    const job = importJob(state, storage, {
      send,
      write: async (_n, _k, failed) => {
        written.push([...failed])
      },
    })
    let done = false
    while (!done) done = await job.next()
    expect(job.snapshot?.()).toMatchObject({ imported: 448, failed: 2, failedChunks: [1, 2] })
    await expect(storage.getPieces(`${state.id}-failed`, 0, 1)).rejects.toThrow()
    await job.finish()
    modalStore.get().onOk?.()
    expect(written[0]).toEqual(['r250', 'r420'].map((name) => ({ name, error: 'bad' })))
  })

  it('resumes from its kept state after a reload, each chunk stored once', async () => {
    const storage = memoryStorage()
    // The server: a chunk stored once per key, answered again when resent.
    const stored = new Map<string, string>()
    const send = async (_url: string, datas: Record<string, unknown>[], key: string) => {
      if (!stored.has(key)) stored.set(key, String(datas[0].name))
      return { status: 200, imported: datas.length, errors: [] }
    }
    const before = importJob((await begun(rows, storage, 200)).state, storage, { send })
    await before.next()
    // The reload: only the kept state and the pieces remain (the next chunk's answer is lost).
    const kept = JSON.parse(JSON.stringify(before.snapshot?.()))
    expect(kept.index).toBe(1)
    expect(restoreJob(kept, storage)?.model).toBe(1)
    const after = importJob(kept, storage, { send })
    let done = false
    while (!done) done = await after.next()
    expect([...stored]).toEqual([
      [`${kept.id}-0`, 'r0'],
      [`${kept.id}-1`, 'r200'],
      [`${kept.id}-2`, 'r400'],
    ])
    expect(after.snapshot?.()).toMatchObject({ imported: 450 })
    await after.finish()
    await expect(storage.getPieces(`${kept.id}-file`, 0, 1)).rejects.toThrow()
  })
})
