import DOMPurify from 'dompurify'
import { useMemo } from 'react'
import './rich-text.css'

/**
 * HTML from the server (a message, a rendered markdown page) shown as rich text: sanitized here with
 * DOMPurify whatever the server did, so unsanitized HTML is never rendered.
 */
export function SafeHtml({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html])
  return (
    <div
      className={`bd-rich-text ${className}`.trim()}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  )
}
