import fs from 'node:fs/promises'
import path from 'node:path'
import { AppError } from '../../errors'

/** A log file's name: no folder, no leading dot, no `..`, nothing but letters, digits, `.`, `_` and `-`. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/
/** How much one preview page reads at most, and in what blocks (from the end backwards). */
export const TAIL_MAX_BYTES = 1024 * 1024
const BLOCK_BYTES = 64 * 1024
const NEWLINE = 0x0a

export interface LogFile {
  name: string
  size: number
  /** Last written (ISO time). */
  modified: string
}

/** The regular files of the log folder (not links, not folders), newest first. */
export async function listLogFiles(dir: string): Promise<LogFile[]> {
  let entries: import('node:fs').Dirent[]
  try {
    entries = await fs.readdir(dir, { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const files: LogFile[] = []
  for (const entry of entries) {
    if (!entry.isFile() || !SAFE_NAME.test(entry.name)) continue
    const stat = await fs.lstat(path.join(dir, entry.name)).catch(() => undefined)
    if (!stat?.isFile()) continue
    files.push({ name: entry.name, size: stat.size, modified: stat.mtime.toISOString() })
  }
  return files.sort((a, b) => b.modified.localeCompare(a.modified) || b.name.localeCompare(a.name))
}

const refused = () => new AppError('bad_request', 'file_log.bad_name')

/**
 * The path of the log file `name` inside `dir`, refusing (400) anything but a plain file name —
 * a folder part, `..`, an absolute path, NUL — and (404) what is not a regular file there: a
 * missing one, a folder, a symbolic link (even to a file inside the folder).
 */
export async function resolveLogFile(dir: string, name: string): Promise<{ file: string; size: number }> {
  if (!SAFE_NAME.test(name) || name.includes('..') || path.isAbsolute(name)) throw refused()
  const folder = await fs.realpath(dir).catch(() => undefined)
  if (!folder) throw new AppError('not_found', 'file_log.not_found')
  const file = path.join(folder, name)
  if (path.dirname(file) !== folder) throw refused()
  const stat = await fs.lstat(file).catch(() => undefined)
  if (!stat?.isFile()) throw new AppError('not_found', 'file_log.not_found')
  return { file, size: stat.size }
}

export interface TailPage {
  lines: string[]
  /** Byte offset of the first line returned: ask with `before` = this for the lines above. */
  start: number
  /** Byte offset just after the last line returned. */
  end: number
  size: number
}

/**
 * The last `count` lines that end at or before byte `before` (default: the end of the file), read
 * backwards in 64 KB blocks, never more than 1 MB — a whole file is never read. A line longer than
 * that comes cut to its last megabyte.
 */
export async function readTail(file: string, options: { before?: number; count: number }): Promise<TailPage> {
  const handle = await fs.open(file, 'r')
  try {
    const size = (await handle.stat()).size
    const end = Math.max(0, Math.min(options.before ?? size, size))
    if (end === 0) return { lines: [], start: 0, end: 0, size }
    // The page's last line ends at `end`; its newline (when there is one) is not part of it.
    const content = (await byteAt(handle, end - 1)) === NEWLINE ? end - 1 : end
    const blocks: Buffer[] = []
    let position = content
    let newlines = 0
    // Enough blocks to hold `count` newlines: the one above each line taken.
    while (position > 0 && content - position < TAIL_MAX_BYTES && newlines < options.count) {
      const length = Math.min(BLOCK_BYTES, position, TAIL_MAX_BYTES - (content - position))
      position -= length
      const block = Buffer.alloc(length)
      await handle.read(block, 0, length, position)
      blocks.unshift(block)
      for (let i = 0; i < length; i++) if (block[i] === NEWLINE) newlines++
    }
    const buffer = Buffer.concat(blocks)
    const lines: Buffer[] = []
    let cut = buffer.length
    let start = content
    while (lines.length < options.count) {
      const at = cut > 0 ? buffer.lastIndexOf(NEWLINE, cut - 1) : -1
      if (at >= 0) {
        lines.unshift(buffer.subarray(at + 1, cut))
        cut = at
        start = position + at + 1
        continue
      }
      // What is left is the file's first line, or (nothing taken yet) a line longer than a page.
      if (position === 0 || lines.length === 0) {
        lines.unshift(buffer.subarray(0, cut))
        start = position
      }
      break
    }
    return { lines: lines.map((line) => line.toString('utf8').replace(/\r$/, '')), start, end, size }
  } finally {
    await handle.close()
  }
}

async function byteAt(handle: fs.FileHandle, position: number): Promise<number> {
  const one = Buffer.alloc(1)
  await handle.read(one, 0, 1, position)
  return one[0]
}
