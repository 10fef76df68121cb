import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  TableOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons'
import { Button, Input, Segmented, Space, Tooltip } from 'antd'
import type { TextAreaRef } from 'antd/es/input/TextArea'
import { type ReactNode, useDeferredValue, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SafeHtml } from '../rich-text/SafeHtml'
import {
  type Edit,
  imageMarkdown,
  insertBlock,
  insertLink,
  markdownPreview,
  prefixLines,
  tableTemplate,
  wrapSelection,
} from './markdown'
import './editors.css'
import { useImageUpload } from './use-image-upload'

export interface MarkdownEditorProps {
  id?: string
  value?: string | null
  onChange?: (value: string) => void
  disabled?: boolean
}

type View = 'split' | 'edit' | 'preview'

/**
 * Markdown with a toolbar and a live preview beside it (GitHub-flavoured: tables, code, images; images
 * uploaded through POST /home/upload/index). The preview is sanitized with DOMPurify.
 */
export default function MarkdownEditor({ id, value, onChange, disabled }: MarkdownEditorProps) {
  const { t } = useTranslation()
  const area = useRef<TextAreaRef>(null)
  const [view, setView] = useState<View>('split')
  const text = value ?? ''

  const apply = (edit: (text: string, start: number, end: number) => Edit) => {
    const element = area.current?.resizableTextArea?.textArea
    const start = element?.selectionStart ?? text.length
    const end = element?.selectionEnd ?? text.length
    const next = edit(text, start, end)
    onChange?.(next.text)
    requestAnimationFrame(() => {
      element?.focus()
      element?.setSelectionRange(next.start, next.end)
    })
  }

  const image = useImageUpload(
    (url, alt) => apply((current, _start, end) => insertBlock(current, end, imageMarkdown(alt, url))),
    'markdown-image',
  )

  const tool = (label: string, icon: ReactNode, run: () => void, busy = false) => (
    <Tooltip title={label} key={label}>
      <Button
        size="small"
        type="text"
        aria-label={label}
        icon={icon}
        loading={busy}
        disabled={disabled || view === 'preview'}
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  )

  return (
    <div className={`bd-editor bd-md-editor bd-md-editor--${view}${disabled ? ' bd-editor--disabled' : ''}`}>
      <div className="bd-editor__toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        <Space.Compact>
          {tool(t('editor.bold'), <BoldOutlined />, () =>
            apply((s, a, b) => wrapSelection(s, a, b, '**', t('editor.bold'))),
          )}
          {tool(t('editor.italic'), <ItalicOutlined />, () =>
            apply((s, a, b) => wrapSelection(s, a, b, '_', t('editor.italic'))),
          )}
          {([2, 3] as const).map((level) =>
            tool(t('editor.heading', { level }), <span className="bd-editor__glyph">H{level}</span>, () =>
              apply((s, a, b) => prefixLines(s, a, b, `${'#'.repeat(level)} `)),
            ),
          )}
        </Space.Compact>
        <Space.Compact>
          {tool(t('editor.bullet_list'), <UnorderedListOutlined />, () =>
            apply((s, a, b) => prefixLines(s, a, b, '- ')),
          )}
          {tool(t('editor.ordered_list'), <OrderedListOutlined />, () =>
            apply((s, a, b) => prefixLines(s, a, b, '1. ')),
          )}
          {tool(t('editor.quote'), <span className="bd-editor__glyph">❝</span>, () =>
            apply((s, a, b) => prefixLines(s, a, b, '> ')),
          )}
          {tool(t('editor.code'), <CodeOutlined />, () =>
            apply((s, a, b) => insertBlock(s, b, `\`\`\`\n${s.slice(a, b)}\n\`\`\``)),
          )}
        </Space.Compact>
        <Space.Compact>
          {tool(t('editor.link'), <LinkOutlined />, () =>
            apply((s, a, b) => insertLink(s, a, b, t('editor.link'))),
          )}
          {tool(t('editor.image'), <PictureOutlined />, image.choose, image.uploading)}
          {tool(t('editor.table'), <TableOutlined />, () =>
            apply((s, _a, b) =>
              insertBlock(s, b, tableTemplate([t('editor.column', { n: 1 }), t('editor.column', { n: 2 })])),
            ),
          )}
        </Space.Compact>
        <Segmented<View>
          size="small"
          className="bd-md-editor__view"
          value={view}
          onChange={setView}
          options={[
            { value: 'split', label: t('editor.split') },
            { value: 'edit', label: t('actions.update') },
            { value: 'preview', label: t('actions.preview') },
          ]}
        />
        {image.input}
      </div>
      <div className="bd-md-editor__panes">
        {view !== 'preview' && (
          <Input.TextArea
            ref={area}
            id={id}
            className="bd-md-editor__source bd-mono"
            value={text}
            disabled={disabled}
            autoSize={{ minRows: 12, maxRows: 30 }}
            maxLength={65535}
            onChange={(event) => onChange?.(event.target.value)}
          />
        )}
        {view !== 'edit' && <MarkdownPreview text={text} />}
      </div>
    </div>
  )
}

/** The rendered markdown, a step behind the typing (sanitized: see markdownPreview). */
function MarkdownPreview({ text }: { text: string }) {
  const { t } = useTranslation()
  const deferred = useDeferredValue(text)
  const preview = useMemo(() => markdownPreview(deferred), [deferred])
  return (
    <section
      className="bd-md-editor__preview"
      aria-label={t('actions.preview')}
      data-testid="markdown-preview"
    >
      {text.trim() === '' ? (
        <p className="bd-md-editor__empty">{t('editor.nothing_to_preview')}</p>
      ) : (
        <SafeHtml html={preview} />
      )}
    </section>
  )
}
