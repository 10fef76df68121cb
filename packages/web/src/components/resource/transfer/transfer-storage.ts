/**
 * Where a running export or import keeps what must survive a reload: the task's state (a small JSON
 * object, in localStorage) and its pieces (the sheet XML written so far, or the import's row chunks,
 * as Blobs in IndexedDB, which Chromium keeps on disk rather than in the tab's memory).
 * Without IndexedDB (or when the browser refuses it) the pieces stay in memory and a reload loses them.
 */
export interface TransferStorage {
  loadState(): unknown
  saveState(state: unknown): void
  putPiece(task: string, seq: number, piece: Blob): Promise<void>
  /** Pieces `from` … `to - 1` in order (a missing one fails). */
  getPieces(task: string, from: number, to: number): Promise<Blob[]>
  deletePieces(task: string): Promise<void>
}

const STATE_KEY = 'bd.transfer-task'
const DB_NAME = 'brokerdesk-transfer'
const STORE = 'pieces'

function localState() {
  return {
    loadState(): unknown {
      try {
        return JSON.parse(localStorage.getItem(STATE_KEY) ?? 'null')
      } catch {
        return null
      }
    },
    saveState(state: unknown): void {
      try {
        if (state === null) localStorage.removeItem(STATE_KEY)
        else localStorage.setItem(STATE_KEY, JSON.stringify(state))
      } catch {
        // refused or full: the task still runs, a reload loses it
      }
    },
  }
}

/** Pieces in memory (tests, and browsers without IndexedDB). */
export function memoryStorage(): TransferStorage {
  const pieces = new Map<string, Blob>()
  let state: unknown = null
  return {
    loadState: () => state,
    saveState: (next) => {
      state = next === null ? null : JSON.parse(JSON.stringify(next))
    },
    async putPiece(task, seq, piece) {
      pieces.set(`${task}/${seq}`, piece)
    },
    async getPieces(task, from, to) {
      const found: Blob[] = []
      for (let seq = from; seq < to; seq++) {
        const piece = pieces.get(`${task}/${seq}`)
        if (!piece) throw new Error(`piece ${seq} of ${task} is missing`)
        found.push(piece)
      }
      return found
    },
    async deletePieces(task) {
      for (const key of [...pieces.keys()]) if (key.startsWith(`${task}/`)) pieces.delete(key)
    },
  }
}

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })

let opening: Promise<IDBDatabase> | null = null

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1)
    req.onupgradeneeded = () => req.result.createObjectStore(STORE)
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  }).catch((error: unknown) => {
    opening = null
    throw error
  })
  return opening
}

async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => Promise<T>,
): Promise<T> {
  const db = await openDb()
  const tx = db.transaction(STORE, mode)
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error)
  })
  const result = await run(tx.objectStore(STORE))
  await done
  return result
}

/** The browser's storage: state in localStorage, pieces in IndexedDB. */
export function browserStorage(): TransferStorage {
  if (typeof indexedDB === 'undefined') return { ...memoryStorage(), ...localState() }
  return {
    ...localState(),
    putPiece: (task, seq, piece) =>
      withStore('readwrite', (store) => request(store.put(piece, [task, seq])).then(() => undefined)),
    getPieces: (task, from, to) =>
      withStore('readonly', async (store) => {
        const found = (await request(
          store.getAll(IDBKeyRange.bound([task, from], [task, to], false, true)),
        )) as Blob[]
        if (found.length !== to - from) throw new Error(`pieces of ${task} are missing`)
        return found
      }),
    deletePieces: (task) =>
      withStore('readwrite', (store) =>
        request(store.delete(IDBKeyRange.bound([task, 0], [task, Number.MAX_SAFE_INTEGER]))).then(
          () => undefined,
        ),
      ),
  }
}
