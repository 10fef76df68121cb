/** An instant from the server in the reader's language, to the minute (seconds where they matter). */
export function formatTime(value: string | null | undefined, language: string, seconds = false): string {
  if (!value) return '—'
  return new Date(value).toLocaleString(language, {
    dateStyle: 'short',
    timeStyle: seconds ? 'medium' : 'short',
  })
}
