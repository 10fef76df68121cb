import { describe, expect, it } from 'vitest'
import { xlsxFile } from '../../../test/xlsx-file'
import { importChunkKey, importJob, type NewImport, newImport } from './import-job'
import { memoryStorage, type TransferStorage } from './transfer-storage'

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
/** Waits until `ready` (a job rebuilt after a reload reads the kept file first). */
async function until(ready: () => boolean) {
  for (let tries = 0; !ready() && tries < 200; tries++)
    await new Promise((resolve) => setTimeout(resolve, 10))
}
const rows = Array.from({ length: 650 }, (_, i) => ({ name: `r${i}` }))
const options = { url: '/i', name: 'n', keys: ['name'] }
const ok = (imported: number): Answer => ({ status: 200, imported, errors: [] })
/** A new import of `list` given as an xlsx file of the template's sheet. */
const begun = async (list: readonly Row[], storage: TransferStorage, rowsPerChunk?: number) =>
  (await newImport(options, await xlsxFile('n', ['name'], list), storage, rowsPerChunk)) as NewImport

describe('import job with chunks in flight', () => {
  it('keeps two requests waiting, an answer sending the next chunk at once, and moves its kept state only past answered chunks', async () => {
    const storage = memoryStorage()
    const many = Array.from({ length: 1250 }, (_, i) => ({ name: `r${i}` }))
    const { state, chunks } = await begun(many, storage, 200)
    const { calls, send } = manualSend()
    const job = importJob(state, storage, { send, chunks })
    const first = job.next()
    await settle()
    expect(calls.map((call) => [call.key, call.first])).toEqual([
      [importChunkKey(state, 0), 'r0'],
      [importChunkKey(state, 1), 'r200'],
    ])
    // The second chunk answers first: the third goes out at once, but the kept state stays.
    calls[1].answer(ok(200))
    await settle()
    expect(calls.map((call) => call.first)).toEqual(['r0', 'r200', 'r400'])
    expect(job.snapshot?.()).toMatchObject({ index: 0 })
    calls[0].answer({ status: 200, imported: 199, errors: [{ name: 'r5', error: 'bad' }] })
    expect(await first).toBe(false)
    expect(job.snapshot?.()).toMatchObject({ index: 1, imported: 199, failed: 1, failedChunks: [0] })
    await settle()
    expect(calls.map((call) => call.first)).toEqual(['r0', 'r200', 'r400', 'r600'])
    // Between steps (a paused task) an answer sends nothing.
    calls[2].answer(ok(200))
    await settle()
    expect(calls).toHaveLength(4)
    // A step uses chunk 1's answer, already there, and sends what the window allows: after it chunk 2
    // answered and not yet used, 3 and 4 in flight, none further.
    expect(await job.next()).toBe(false)
    expect(job.snapshot?.()).toMatchObject({ index: 2, imported: 399, failedChunks: [0] })
    await settle()
    expect(calls.map((call) => call.first)).toEqual(['r0', 'r200', 'r400', 'r600', 'r800'])
  })

  it('forgets the chunks in flight when one fails, and sends them again under the same keys', async () => {
    const storage = memoryStorage()
    const { state, chunks } = await begun(rows, storage, 200)
    const { calls, send } = manualSend()
    const job = importJob(state, storage, { send, chunks })
    const step = job.next()
    await settle()
    calls[0].fail(new Error('offline'))
    await expect(step).rejects.toThrow('offline')
    calls[1].answer(ok(200)) // stored by the server, its answer unused
    await settle()
    expect(calls).toHaveLength(2) // nothing more goes out while the task is failed
    expect(job.snapshot?.()).toMatchObject({ index: 0, imported: 0 })
    // Resumed: from the failed chunk on, each chunk once more with its key (the server answers the
    // second from what it kept), every answer as soon as the chunk goes.
    let done = false
    while (!done) {
      const again = job.next()
      await settle()
      for (const call of calls.slice(2)) call.answer(ok(call.first === 'r600' ? 50 : 200))
      done = await again
    }
    expect(calls.slice(2).map((call) => call.key)).toEqual([0, 1, 2, 3].map((n) => importChunkKey(state, n)))
    expect(job.snapshot?.()).toMatchObject({ index: 4, imported: 650, failed: 0 })
  })

  it('sends the chunks read in this tab from memory, without reading them back', async () => {
    const storage = memoryStorage()
    const { state, chunks } = await begun(rows, storage, 200)
    let readBack = 0
    const getPieces = storage.getPieces.bind(storage)
    storage.getPieces = (...args) => {
      readBack += 1
      return getPieces(...args)
    }
    const { calls, send } = manualSend()
    const job = importJob(state, storage, { send, chunks })
    const step = job.next()
    await settle()
    calls[0].answer(ok(200))
    await step
    await settle()
    expect(calls.map((call) => call.first)).toEqual(['r0', 'r200', 'r400'])
    expect(readBack).toBe(0)
    // A job rebuilt from the kept state alone (a reload) reads the kept file back, once.
    const resumed = importJob(JSON.parse(JSON.stringify(job.snapshot?.())), storage, { send })
    void resumed.next()
    await until(() => calls.length >= 5)
    expect(calls.map((call) => call.first)).toEqual(['r0', 'r200', 'r400', 'r200', 'r400'])
    expect(readBack).toBe(1)
  })

  it('keeps a copy of the file before it answers, and a reload sends every chunk again from it under its key', async () => {
    const storage = memoryStorage()
    let keep: (() => void) | undefined
    const putPiece = storage.putPiece.bind(storage)
    storage.putPiece = (...args) =>
      new Promise<void>((resolve) => {
        keep = () => void putPiece(...args).then(resolve)
      })
    const file = await xlsxFile('n', ['name'], rows)
    let answered = false
    const started = newImport(options, file, storage, 200).then((value) => {
      answered = true
      return value as NewImport
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(answered).toBe(false) // read, but not kept yet: no chunk may go
    keep?.()
    const { state } = await started
    expect(state).toMatchObject({ chunks: 4, file: true, rowsPerChunk: 200 })
    const [kept] = await storage.getPieces(`${state.id}-file`, 0, 1)
    expect(new Uint8Array(await kept.arrayBuffer())).toEqual(new Uint8Array(await file.arrayBuffer()))
    // The reload: the kept state at chunk 2, nothing in memory.
    const { calls, send } = manualSend()
    const resumed = importJob({ ...state, index: 2 }, storage, { send })
    const step = resumed.next()
    await until(() => calls.length >= 2)
    expect(calls.map((call) => [call.key, call.first])).toEqual([
      [importChunkKey(state, 2), 'r400'],
      [importChunkKey(state, 3), 'r600'],
    ])
    calls[0].answer(ok(200))
    expect(await step).toBe(false)
    calls[1].answer(ok(50))
    expect(await resumed.next()).toBe(true)
    expect(resumed.snapshot?.()).toMatchObject({ index: 4, imported: 250 })
  })

  it('keeps nothing of a file whose sheet is not the template', async () => {
    const storage = memoryStorage()
    const other = await newImport({ ...options, name: 'other' }, await xlsxFile('n', ['name'], rows), storage)
    expect(other).toBeNull()
    const kept = await storage.getPieces('', 0, 0)
    expect(kept).toEqual([])
  })

  it('resumes a state kept before the file was, from its chunks kept as rows', async () => {
    const storage = memoryStorage()
    const chunks = [rows.slice(0, 200), rows.slice(200, 400), rows.slice(400)]
    await storage.putPieces(
      'old-rows',
      0,
      chunks.map((chunk) => new Blob([JSON.stringify(chunk)])),
    )
    const state = { kind: 'import' as const, id: 'old', url: '/i', name: 'n', keys: ['name'] }
    const { calls, send } = manualSend()
    const job = importJob({ ...state, chunks: 3, index: 1, imported: 200, failed: 0 }, storage, { send })
    void job.next()
    await settle()
    expect(calls.map((call) => [call.key, call.first])).toEqual([
      ['old-1', 'r200'],
      ['old-2', 'r400'],
    ])
    await job.discard?.()
    await expect(storage.getPieces('old-rows', 0, 1)).rejects.toThrow()
  })

  it('keeps the rows as chunks of 200 by default (SPEC §9)', async () => {
    const storage = memoryStorage()
    const many = Array.from({ length: 500 }, (_, i) => ({ name: `m${i}` }))
    const { state, chunks } = await begun(many, storage)
    expect(state.chunks).toBe(3)
    const { calls, send } = manualSend()
    const job = importJob(state, storage, { send, chunks })
    void job.next()
    await settle()
    expect(calls.map((call) => call.first)).toEqual(['m0', 'm200'])
  })

  it('sends one chunk at a time when asked to', async () => {
    const storage = memoryStorage()
    const { state, chunks } = await begun(rows, storage, 200)
    const { calls, send } = manualSend()
    const job = importJob(state, storage, { send, chunks, inFlight: 1 })
    const step = job.next()
    await settle()
    expect(calls).toHaveLength(1)
    calls[0].answer(ok(200))
    await step
    await settle()
    expect(calls).toHaveLength(2) // the next chunk goes as the answer comes
    expect(calls[1].first).toBe('r200')
  })
})
