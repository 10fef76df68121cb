import { Input, Tabs } from 'antd'
import DOMPurify from 'dompurify'
import { useTranslation } from 'react-i18next'

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*]+)\*/g, '<em>$1</em>')
    .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, '<a href="$2" target="_blank" rel="noreferrer">$1</a>')
}

/** A small markdown subset (headings, lists, code blocks, emphasis, links) as sanitised HTML, for the preview. */
export function markdownToHtml(source: string): string {
  const html: string[] = []
  let list = false
  let code = false
  for (const line of source.split('\n')) {
    if (line.startsWith('```')) {
      html.push(code ? '</code></pre>' : '<pre><code>')
      code = !code
      continue
    }
    if (code) {
      html.push(`${escapeHtml(line)}\n`)
      continue
    }
    const item = /^\s*[-*] (.*)$/.exec(line)
    if (item && !list) html.push('<ul>')
    if (!item && list) html.push('</ul>')
    list = Boolean(item)
    const heading = /^(#{1,6}) (.*)$/.exec(line)
    if (item) html.push(`<li>${inline(item[1])}</li>`)
    else if (heading) html.push(`<h${heading[1].length}>${inline(heading[2])}</h${heading[1].length}>`)
    else if (line.trim()) html.push(`<p>${inline(line)}</p>`)
  }
  if (list) html.push('</ul>')
  if (code) html.push('</code></pre>')
  return DOMPurify.sanitize(html.join(''))
}

export interface MarkdownInputProps {
  id?: string
  value?: string
  onChange?: (value: string) => void
  disabled?: boolean
}

/** Markdown as a textarea, with a preview tab. */
export function MarkdownInput({ id, value, onChange, disabled }: MarkdownInputProps) {
  const { t } = useTranslation()
  return (
    <Tabs
      size="small"
      items={[
        {
          key: 'edit',
          label: t('actions.update'),
          children: (
            <Input.TextArea
              id={id}
              value={value ?? ''}
              disabled={disabled}
              autoSize={{ minRows: 6, maxRows: 20 }}
              onChange={(e) => onChange?.(e.target.value)}
            />
          ),
        },
        {
          key: 'preview',
          label: t('actions.preview'),
          children: (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in markdownToHtml.
            <div className="bd-markdown" dangerouslySetInnerHTML={{ __html: markdownToHtml(value ?? '') }} />
          ),
        },
      ]}
    />
  )
}
