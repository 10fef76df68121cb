import DOMPurify from 'dompurify'
import { marked } from 'marked'

/** Markdown (GitHub-flavoured: tables, fenced code, task lists) as sanitized HTML, for the live preview. */
export function markdownPreview(source: string): string {
  const html = marked.parse(source, { async: false, gfm: true, breaks: false })
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } })
}

export interface Edit {
  text: string
  /** The selection after the edit. */
  start: number
  end: number
}

/** Wraps the selection in a marker (`**`, `_`, `` ` ``); with nothing selected, inserts a placeholder. */
export function wrapSelection(
  text: string,
  start: number,
  end: number,
  marker: string,
  placeholder: string,
): Edit {
  const chosen = text.slice(start, end) || placeholder
  const out = `${text.slice(0, start)}${marker}${chosen}${marker}${text.slice(end)}`
  return { text: out, start: start + marker.length, end: start + marker.length + chosen.length }
}

/** Puts a prefix (`## `, `- `, `> `) before each line the selection touches. */
export function prefixLines(text: string, start: number, end: number, prefix: string): Edit {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1
  const block = text.slice(lineStart, end)
  const prefixed = block
    .split('\n')
    .map((line) => `${prefix}${line}`)
    .join('\n')
  const out = `${text.slice(0, lineStart)}${prefixed}${text.slice(end)}`
  return { text: out, start: lineStart, end: lineStart + prefixed.length }
}

/** Makes the selection (or `label` when none) a link to https:// and selects the address to type over. */
export function insertLink(text: string, start: number, end: number, label: string): Edit {
  const shown = text.slice(start, end) || label
  return {
    text: `${text.slice(0, start)}[${shown}](https://)${text.slice(end)}`,
    start: start + shown.length + 3,
    end: start + shown.length + 11,
  }
}

/** Inserts a block (a table, a code fence, an image) on its own lines at the cursor. */
export function insertBlock(text: string, at: number, block: string): Edit {
  const before = text.slice(0, at)
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n'
  const after = text.slice(at)
  const trail = after === '' || after.startsWith('\n') ? '' : '\n'
  const out = `${before}${lead}${block}\n${trail}${after}`
  const start = before.length + lead.length
  return { text: out, start, end: start + block.length }
}

/** A markdown table with a header row and `rows` empty rows. */
export function tableTemplate(header: readonly string[], rows = 2): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  return [
    line(header),
    line(header.map(() => '---')),
    ...Array.from({ length: rows }, () => line(header.map(() => ' '))),
  ].join('\n')
}

/** An image's markdown; brackets and parentheses in its text and address escaped. */
export function imageMarkdown(alt: string, url: string): string {
  return `![${alt.replace(/[[\]]/g, '')}](${url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)})`
}
