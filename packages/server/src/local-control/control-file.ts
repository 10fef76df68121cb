import fs from 'node:fs'
import path from 'node:path'

/**
 * While a server runs on the embedded database, it alone may open that database (PGlite has one
 * user at a time). It leaves this file in DATA_DIR — where it listens and a token, readable by its
 * owner only — so that a command run beside it (`npm run seed:demo`) can ask it to do the work.
 */
export interface ControlFile {
  pid: number
  port: number
  token: string
}

const fileOf = (dataDir: string) => path.join(dataDir, 'server-control.json')

export function writeControlFile(dataDir: string, port: number, token: string): ControlFile {
  const control = { pid: process.pid, port, token }
  const file = fileOf(dataDir)
  fs.rmSync(file, { force: true })
  fs.writeFileSync(file, JSON.stringify(control), { mode: 0o600 })
  return control
}

export function removeControlFile(dataDir: string, control: ControlFile): void {
  // Only our own: a second server started on the same folder may have replaced it.
  if (readControlFile(dataDir)?.token === control.token) fs.rmSync(fileOf(dataDir), { force: true })
}

/** The running server's control file, or undefined when there is none (or it is unreadable). */
export function readControlFile(dataDir: string): ControlFile | undefined {
  try {
    const control = JSON.parse(fs.readFileSync(fileOf(dataDir), 'utf8')) as ControlFile
    return Number.isInteger(control.port) && typeof control.token === 'string' ? control : undefined
  } catch {
    return undefined
  }
}
