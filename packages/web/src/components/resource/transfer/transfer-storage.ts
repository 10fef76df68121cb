/**
 * Where a running export or import keeps what must survive a reload: the task's state (a small JSON
 * object) and its pieces (the sheet XML written so far, or the import's row chunks, as Blobs), both
 * in IndexedDB, which Chromium keeps on disk rather than in the tab's memory.
 * Without IndexedDB (or when the browser refuses it) they stay in memory and a reload loses them.
 */
export interface TransferStorage {
  /** The kept task's state, or null. */
  loadState(): Promise<unknown>
  /** Keeps the task's state (null: none); saves apply in the order they are asked for. */
  saveState(state: unknown): Promise<void>
  putPiece(task: string, seq: number, piece: Blob): Promise<void>
  /** Pieces `first`, `first + 1`, … in one write (an import's chunks). */
  putPieces(task: string, first: number, pieces: readonly Blob[]): Promise<void>
  /** Pieces `from` … `to - 1` in order (a missing one fails). */
  getPieces(task: string, from: number, to: number): Promise<Blob[]>
  deletePieces(task: string): Promise<void>
}

const DB_NAME = 'brokerdesk-transfer'
const DB_VERSION = 2
const STORE = 'pieces'
const STATE_STORE = 'state'
const STATE_KEY = 'task'

/** Pieces in memory (tests, and browsers without IndexedDB). */
export function memoryStorage(): TransferStorage {
  const pieces = new Map<string, Blob>()
  let state: unknown = null
  return {
    loadState: async () => state,
    async saveState(next) {
      state = next === null ? null : JSON.parse(JSON.stringify(next))
    },
    async putPiece(task, seq, piece) {
      pieces.set(`${task}/${seq}`, piece)
    },
    async putPieces(task, first, list) {
      for (const [i, piece] of list.entries()) pieces.set(`${task}/${first + i}`, piece)
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
    const req = indexedDB.open(DB_NAME, DB_VERSION)
    req.onupgradeneeded = () => {
      for (const name of [STORE, STATE_STORE])
        if (!req.result.objectStoreNames.contains(name)) req.result.createObjectStore(name)
    }
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
  name = STORE,
): Promise<T> {
  const db = await openDb()
  const tx = db.transaction(name, mode)
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error)
  })
  const result = await run(tx.objectStore(name))
  await done
  return result
}

/** The browser's storage: the state and the pieces in IndexedDB. */
export function browserStorage(): TransferStorage {
  if (typeof indexedDB === 'undefined') return memoryStorage()
  return {
    loadState: () =>
      withStore('readonly', (store) => request(store.get(STATE_KEY)), STATE_STORE).then(
        (state) => state ?? null,
      ),
    saveState: (state) =>
      withStore(
        'readwrite',
        (store) => (state === null ? request(store.delete(STATE_KEY)) : request(store.put(state, STATE_KEY))),
        STATE_STORE,
      ).then(() => undefined),
    putPiece: (task, seq, piece) =>
      withStore('readwrite', (store) => request(store.put(piece, [task, seq])).then(() => undefined)),
    putPieces: (task, first, pieces) =>
      withStore('readwrite', async (store) => {
        await Promise.all(pieces.map((piece, i) => request(store.put(piece, [task, first + i]))))
      }),
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
