import { describe, expect, it } from 'vitest'
import { importChunkKey, importJob, newImportState } from './import-job'
import { memoryStorage } from './transfer-storage'

type Row = Record<string, unknown>
interface Answer {
  status: number
  imported: number
  errors: Row[]
}

/** A send whose answers the test gives, one chunk at a time. */
function manualSend() {
  const calls: { key: string; first: string; answer(value: Answer): void; fail(error: Error): void }[] = []
  const send = (_url: string, datas: Row[], key: string) =>
    new Promise<Answer>((resolve, reject) => {
      calls.push({ key, first: String(datas[0].name), answer: resolve, fail: reject })
    })
  return { calls, send }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const rows = Array.from({ length: 650 }, (_, i) => ({ name: `r${i}` }))
const options = { url: '/i', name: 'n', keys: ['name'] }
const ok = (imported: number): Answer => ({ status: 200, imported, errors: [] })

describe('import job with chunks in flight', () => {
  it('sends the next chunk before the answer of this one, and moves its kept state only past answered chunks', async () => {
    const storage = memoryStorage()
    const state = await newImportState(options, rows, storage, 200)
    const { calls, send } = manualSend()
    const job = importJob(state, storage, send)
    const first = job.next()
    await settle()
    expect(calls.map((call) => [call.key, call.first])).toEqual([
      [importChunkKey(state, 0), 'r0'],
      [importChunkKey(state, 1), 'r200'],
    ])
    // The second chunk answers first: nothing moves until the first's answer.
    calls[1].answer(ok(200))
    await settle()
    expect(job.snapshot?.()).toMatchObject({ index: 0 })
    calls[0].answer({ status: 200, imported: 199, errors: [{ name: 'r5', error: 'bad' }] })
    expect(await first).toBe(false)
    expect(job.snapshot?.()).toMatchObject({ index: 1, imported: 199, failed: 1, failedChunks: [0] })
    // The chunk after the second went out as the first's answer came, before its failures were kept.
    await settle()
    expect(calls.map((call) => call.first)).toEqual(['r0', 'r200', 'r400'])
    // The next step uses the answer already there, and sends the chunk after the third.
    expect(await job.next()).toBe(false)
    expect(job.snapshot?.()).toMatchObject({ index: 2, imported: 399, failedChunks: [0] })
    await settle()
    expect(calls.map((call) => call.first)).toEqual(['r0', 'r200', 'r400', 'r600'])
  })

  it('forgets the chunks in flight when one fails, and sends them again under the same keys', async () => {
    const storage = memoryStorage()
    const state = await newImportState(options, rows, storage, 200)
    const { calls, send } = manualSend()
    const job = importJob(state, storage, send)
    const step = job.next()
    await settle()
    calls[0].fail(new Error('offline'))
    await expect(step).rejects.toThrow('offline')
    calls[1].answer(ok(200)) // stored by the server, its answer unused
    expect(job.snapshot?.()).toMatchObject({ index: 0, imported: 0 })
    // Resumed: both chunks again, with their keys (the server answers the second from what it kept).
    const again = job.next()
    await settle()
    expect(calls.slice(2).map((call) => call.key)).toEqual([
      importChunkKey(state, 0),
      importChunkKey(state, 1),
    ])
    calls[2].answer(ok(200))
    expect(await again).toBe(false)
    // Then one more chunk at each step, two in flight.
    const answers = [ok(200), ok(200), ok(50)]
    for (const [i, answer] of answers.entries()) {
      const step = job.next()
      await settle()
      expect(calls).toHaveLength(Math.min(5 + i, 6))
      calls[3 + i].answer(answer)
      expect(await step).toBe(i === answers.length - 1)
    }
    expect(calls.slice(4).map((call) => call.key)).toEqual([
      importChunkKey(state, 2),
      importChunkKey(state, 3),
    ])
    expect(job.snapshot?.()).toMatchObject({ index: 4, imported: 650, failed: 0 })
  })

  it('keeps the rows as chunks of 200 by default (SPEC §9)', async () => {
    const storage = memoryStorage()
    const many = Array.from({ length: 500 }, (_, i) => ({ name: `m${i}` }))
    const state = await newImportState(options, many, storage)
    expect(state.chunks).toBe(3)
    const { calls, send } = manualSend()
    const job = importJob(state, storage, send)
    void job.next()
    await settle()
    expect(calls.map((call) => call.first)).toEqual(['m0', 'm200'])
  })

  it('sends one chunk at a time when asked to', async () => {
    const storage = memoryStorage()
    const state = await newImportState(options, rows, storage, 200)
    const { calls, send } = manualSend()
    const job = importJob(state, storage, send, undefined, undefined, 1)
    const step = job.next()
    await settle()
    expect(calls).toHaveLength(1)
    calls[0].answer(ok(200))
    await step
    expect(calls).toHaveLength(1)
  })
})
