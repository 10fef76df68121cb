import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { http } from '../../../api/http'

export const URLS = { index: '/admin/file-log/index', download: '/admin/down-log' } as const

export interface LogFile {
  name: string
  size: number
  modified: string
}

export interface TailPage {
  file: string
  lines: string[]
  start: number
  end: number
  size: number
}

/** A server process of the cluster (its files are its own). */
export interface LogNode {
  id: string
  self: boolean
}

export interface ReplicaStatus {
  state: 'ok' | 'late' | 'down'
  lag_ms: number | null
}

export interface LogFilesAnswer {
  files: LogFile[]
  keep_days: number
  /** The node whose files these are, and every node that runs. */
  node: string
  nodes: LogNode[]
  replica?: ReplicaStatus
}

export interface FileQuery {
  /** Another server process; absent: the one answering. */
  node?: string
  keyword: string
  sort: 'name' | 'size' | 'modified'
  order: 'asc' | 'desc'
}

/** GET /admin/file-log/index: the log files, filtered and sorted on the server. */
export function useLogFiles(query: FileQuery) {
  return useQuery({
    queryKey: ['file-log', 'files', query],
    queryFn: () => http.get<LogFilesAnswer>(URLS.index, { ...query }),
    placeholderData: keepPreviousData,
  })
}

/** The `count` lines of a file that end before byte `before` (the file's end without it). */
export function fetchTail(file: string, count: number, before?: number, node?: string) {
  return http.get<TailPage>(URLS.index, { file, lines: count, before, node })
}

/** Where the browser downloads a file (the cookie session suffices for a GET). */
export const downloadUrl = (webUrl: string, file: string, node?: string) =>
  `${webUrl}${URLS.download}?file=${encodeURIComponent(file)}${node ? `&node=${encodeURIComponent(node)}` : ''}`

/** 1536 → "1.5 KB". */
export function formatSize(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${units[unit]}`
}
