import { afterEach, describe, expect, it, vi } from 'vitest'
import { exportJob, importJob } from './jobs'
import { cancelTask, hasTask, pauseTask, resumeTask, startTask, type TaskJob, taskStore } from './task-store'

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

describe('export job', () => {
  it('follows max_id page by page, keeping the first last_page, and writes one file', async () => {
    const calls: Record<string, unknown>[] = []
    const fetchPage = async (_url: string, params: Record<string, unknown>) => {
      calls.push(params)
      const page = Number(params.page)
      return {
        current_page: page,
        last_page: page === 1 ? 2 : 5,
        max_id: page * 10,
        data: [{ id: page * 10 }],
      }
    }
    const write = vi.fn(async () => undefined)
    const job = exportJob(
      { url: '/x', params: { status: 1 }, name: 'products', keys: ['id'] },
      fetchPage,
      write,
    )
    expect(await job.next()).toBe(false)
    expect(job.progress()).toBe(50)
    expect(await job.next()).toBe(true)
    await job.finish()
    expect(calls).toEqual([
      { status: 1, page: 1, max_id: undefined },
      { status: 1, page: 2, max_id: 10 },
    ])
    expect(write).toHaveBeenCalledWith('products', ['id'], [{ id: 10 }, { id: 20 }], 1)
  })

  it('asks the same page again after a failure', async () => {
    const pages: unknown[] = []
    let failed = false
    const fetchPage = async (_url: string, params: Record<string, unknown>) => {
      pages.push(params.page)
      if (params.page === 2 && !failed) {
        failed = true
        throw new Error('network')
      }
      return { current_page: 1, last_page: 3, max_id: 1, data: [{ id: 1 }] }
    }
    const job = exportJob(
      { url: '/x', params: {}, name: 'n', keys: ['id'] },
      fetchPage,
      async () => undefined,
    )
    await job.next()
    await expect(job.next()).rejects.toThrow('network')
    await job.next()
    expect(pages).toEqual([1, 2, 2])
  })
})

describe('import job', () => {
  it('sends chunks of 200 rows one by one and collects the failed rows', async () => {
    const rows = Array.from({ length: 450 }, (_, i) => ({ name: `r${i}` }))
    const sizes: number[] = []
    const send = async (_url: string, datas: Record<string, unknown>[]) => {
      sizes.push(datas.length)
      return { status: 200, imported: datas.length - 1, errors: [{ ...datas[0], error: 'bad' }] }
    }
    const job = importJob({ url: '/i', name: 'n', keys: ['name'], rows }, send, async () => undefined)
    let done = false
    while (!done) done = await job.next()
    expect(sizes).toEqual([200, 200, 50])
    expect(job.progress()).toBe(100)
  })
})
