import { useSyncExternalStore } from 'react'
import { i18n } from '../../../i18n/i18n'
import { pushAlert } from '../../../state/alerts'
import { createStore, useStore } from '../../../state/create-store'
import { browserStorage, type TransferStorage } from './transfer-storage'

/** SPEC §3 "Export/import state": 0 export, 1 import. */
export type TaskModel = 0 | 1

export interface TaskState {
  /** A task exists (running or paused). */
  downloading: boolean
  /** Paused, by the user or by an error. */
  pauseing: boolean
  /** 0-100, by page or chunk. */
  download_progress: number
  model: TaskModel | null
}

/** One step of a task; answers true once the task has nothing left to do. */
export interface TaskJob {
  model: TaskModel
  next(): Promise<boolean>
  /** 0-100 after the last step. */
  progress(): number
  /** Called once after the last step. */
  finish(): Promise<void> | void
  /** A step failed: the task is paused (SPEC §8 'Download error', 'Import error'). */
  fail(error: unknown): void
  /** What a reload needs to rebuild the job where it stopped (JSON), kept after every step. */
  snapshot?(): SavedTask
  /** Stores what the job holds in memory, so the snapshot is where it stands (before a pause). */
  checkpoint?(): Promise<void>
  /** The task ends without finishing (cancelled): drops what it kept. */
  discard?(): Promise<void> | void
}

/** A task as kept across reloads: `kind` says which job rebuilds it. */
export interface SavedTask {
  kind: string
  [key: string]: unknown
}

/** Rebuilds a kept task's job, or answers null when it cannot (e.g. an unknown kind). */
export type TaskRestorer = (
  saved: SavedTask,
  storage: TransferStorage,
) => TaskJob | null | Promise<TaskJob | null>

let storage: TransferStorage | null = null

/** Where tasks are kept (the browser's storage unless a test sets another). */
export function transferStorage(): TransferStorage {
  storage ??= browserStorage()
  return storage
}

export function setTransferStorage(next: TransferStorage | null): void {
  storage = next
}

/** The state last asked to be kept, as JSON (undefined: not known): an unchanged one is not written again. */
let lastKept: string | undefined

/** Keeps `state` (null: none); saves apply in order, a refused one leaves the last kept state. */
function save(state: SavedTask | null): Promise<void> {
  const text = JSON.stringify(state)
  if (text === lastKept) return Promise.resolve()
  lastKept = text
  return transferStorage()
    .saveState(state)
    .catch(() => {
      lastKept = undefined // not kept: the next step tries again
    })
}

function keep(current: TaskJob): Promise<void> {
  return current.snapshot ? save(current.snapshot()) : Promise.resolve()
}

function forget(current: TaskJob): Promise<void> {
  return current.snapshot ? save(null) : Promise.resolve()
}

/** A task stops (paused, or failed): what it holds is stored and its state kept, for a reload. */
async function stopAt(current: TaskJob): Promise<void> {
  try {
    await current.checkpoint?.()
  } catch {
    // not stored: the state kept before stands, and a reload resumes from there
  }
  if (job === current) await keep(current)
}

const IDLE: TaskState = { downloading: false, pauseing: false, download_progress: 0, model: null }
/** How long a finished task keeps showing 100 % (SPEC §4: about 1 second). */
export const RESET_DELAY_MS = 1000

export const taskStore = createStore<TaskState>(IDLE)

let job: TaskJob | null = null
let looping = false
let resetTimer: ReturnType<typeof setTimeout> | undefined

/**
 * How often the ring of a running task moves at most (ms): each move is a frame the tab draws
 * (style, layout, paint, the compositor's), and an import's chunks are answered some 20 a second
 * while the tab shares the machine's cores with the server and the database (issue 21).
 */
export const PROGRESS_EVERY_MS = 250
let progressShownAt = Number.NEGATIVE_INFINITY
let progressTimer: ReturnType<typeof setTimeout> | undefined

/**
 * Shows how far the task is: now when asked or when the ring last moved PROGRESS_EVERY_MS ago or
 * more, else once that time has passed (showing where the task is by then).
 */
function showProgress(current: TaskJob, now: boolean): void {
  const show = () => {
    clearTimeout(progressTimer)
    progressTimer = undefined
    if (job !== current) return
    progressShownAt = performance.now()
    taskStore.set((s) => ({ ...s, download_progress: current.progress() }))
  }
  const wait = progressShownAt + PROGRESS_EVERY_MS - performance.now()
  if (now || wait <= 0) show()
  else progressTimer ??= setTimeout(show, wait)
}

export function useTask(): TaskState {
  return useStore(taskStore)
}

const taskExists = () => taskStore.get().downloading

/** Whether a task exists: what shows only that is not rendered again each time the task moves. */
export function useTaskExists(): boolean {
  return useSyncExternalStore(taskStore.subscribe, taskExists, taskExists)
}

export function hasTask(): boolean {
  return job !== null
}

async function loop(current: TaskJob): Promise<void> {
  if (looping) return
  looping = true
  try {
    while (job === current && !taskStore.get().pauseing) {
      let done: boolean
      try {
        done = await current.next()
      } catch (error) {
        if (job !== current) return
        taskStore.set((s) => ({ ...s, pauseing: true }))
        showProgress(current, true)
        current.fail(error)
        await stopAt(current)
        return
      }
      if (job !== current) return
      if (!done) showProgress(current, taskStore.get().pauseing)
      if (!done && taskStore.get().pauseing) await stopAt(current)
      else if (!done) void keep(current)
      if (done) {
        job = null
        void forget(current)
        taskStore.set((s) => ({ ...s, download_progress: 100 }))
        clearTimeout(resetTimer)
        resetTimer = setTimeout(() => {
          if (!job) taskStore.set(IDLE)
        }, RESET_DELAY_MS)
        await current.finish()
        return
      }
    }
  } finally {
    looping = false
  }
}

/** Starts a task; answers false (and starts nothing) when one already exists. */
export function startTask(next: TaskJob): boolean {
  if (job) return false
  clearTimeout(resetTimer)
  job = next
  lastKept = undefined
  clearTimeout(progressTimer)
  progressTimer = undefined
  progressShownAt = Number.NEGATIVE_INFINITY
  taskStore.set({ downloading: true, pauseing: false, download_progress: 0, model: next.model })
  // The first step waits for the state to be kept: a reload from then on finds the task, so nothing
  // it sends (an import's chunk, which the server stores under its key) is unknown to the next tab.
  void keep(next).then(() => loop(next))
  return true
}

/**
 * After a reload: the kept task comes back paused where it stopped (the user resumes it), unless a
 * task already runs. Answers whether one came back.
 */
export async function restoreTask(restore: TaskRestorer): Promise<boolean> {
  if (job) return false
  const saved = (await transferStorage()
    .loadState()
    .catch(() => null)) as SavedTask | null
  if (job || !saved || typeof saved !== 'object' || typeof saved.kind !== 'string') return false
  const restored = await restore(saved, transferStorage())
  // Another task may have started while the restorer loaded.
  if (job) return false
  if (!restored) {
    await save(null)
    return false
  }
  lastKept = JSON.stringify(saved)
  clearTimeout(resetTimer)
  job = restored
  taskStore.set({
    downloading: true,
    pauseing: true,
    download_progress: restored.progress(),
    model: restored.model,
  })
  return true
}

export function pauseTask(): void {
  if (job) taskStore.set((s) => ({ ...s, pauseing: true }))
}

export function resumeTask(): void {
  if (!job || !taskStore.get().pauseing) return
  taskStore.set((s) => ({ ...s, pauseing: false }))
  void loop(job)
}

export function cancelTask(): void {
  if (job) {
    void forget(job)
    void Promise.resolve(job.discard?.()).catch(() => undefined)
  }
  job = null
  clearTimeout(resetTimer)
  taskStore.set(IDLE)
}

/** Tells the user how a transfer went (an alert in the page's top corner). */
export const transferAlert = (
  type: 'success' | 'danger' | 'warning',
  key: string,
  values?: Record<string, unknown>,
) => pushAlert({ show: true, type, message: i18n.t(key, values) })

/** A new task's id: where its pieces are kept. */
export const newTaskId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
