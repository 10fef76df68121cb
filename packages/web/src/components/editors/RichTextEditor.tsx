import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons'
import { type Editor, EditorContent } from '@tiptap/react'
import { Button, Input, Popover, Space, Tooltip } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../rich-text/rich-text.css'
import './editors.css'
import { useImageUpload } from './use-image-upload'
import { type RichTextEditorProps, SAFE_LINK, useRichTextEditor } from './use-rich-text-editor'

/**
 * Rich text (TipTap): headings, emphasis, lists, quotes, code, links, tables and images uploaded
 * through POST /home/upload/index. The value is HTML; the server sanitizes it again before storing.
 */
export default function RichTextEditor({ id, label, value, onChange, disabled }: RichTextEditorProps) {
  const { t } = useTranslation()
  const editor = useRichTextEditor({ id, label, value, onChange, disabled })

  const image = useImageUpload(
    (url, alt) => editor?.chain().focus().setImage({ src: url, alt }).run(),
    'rich-text-image',
  )

  if (!editor) return null

  const tool = (label: string, icon: ReactNode, run: () => void, active = false, busy = false) => (
    <Tooltip title={label} key={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={label}
        aria-pressed={active}
        icon={icon}
        loading={busy}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  )
  const chain = () => editor.chain().focus()

  return (
    <div className={`bd-editor${disabled ? ' bd-editor--disabled' : ''}`}>
      <div className="bd-editor__toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        <Space.Compact>
          {tool(
            t('editor.bold'),
            <BoldOutlined />,
            () => chain().toggleBold().run(),
            editor.isActive('bold'),
          )}
          {tool(
            t('editor.italic'),
            <ItalicOutlined />,
            () => chain().toggleItalic().run(),
            editor.isActive('italic'),
          )}
          {tool(
            t('editor.underline'),
            <UnderlineOutlined />,
            () => chain().toggleUnderline().run(),
            editor.isActive('underline'),
          )}
          {tool(
            t('editor.strike'),
            <StrikethroughOutlined />,
            () => chain().toggleStrike().run(),
            editor.isActive('strike'),
          )}
        </Space.Compact>
        <Space.Compact>
          {([2, 3] as const).map((level) =>
            tool(
              t('editor.heading', { level }),
              <span className="bd-editor__glyph">H{level}</span>,
              () => chain().toggleHeading({ level }).run(),
              editor.isActive('heading', { level }),
            ),
          )}
        </Space.Compact>
        <Space.Compact>
          {tool(
            t('editor.bullet_list'),
            <UnorderedListOutlined />,
            () => chain().toggleBulletList().run(),
            editor.isActive('bulletList'),
          )}
          {tool(
            t('editor.ordered_list'),
            <OrderedListOutlined />,
            () => chain().toggleOrderedList().run(),
            editor.isActive('orderedList'),
          )}
          {tool(
            t('editor.quote'),
            <span className="bd-editor__glyph">❝</span>,
            () => chain().toggleBlockquote().run(),
            editor.isActive('blockquote'),
          )}
          {tool(
            t('editor.code'),
            <CodeOutlined />,
            () => chain().toggleCodeBlock().run(),
            editor.isActive('codeBlock'),
          )}
        </Space.Compact>
        <Space.Compact>
          <LinkButton editor={editor} disabled={disabled} />
          {tool(t('editor.image'), <PictureOutlined />, image.choose, false, image.uploading)}
          {tool(t('editor.table'), <TableOutlined />, () =>
            chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
          )}
        </Space.Compact>
        <Space.Compact>
          {tool(t('editor.undo'), <UndoOutlined />, () => chain().undo().run())}
          {tool(t('editor.redo'), <RedoOutlined />, () => chain().redo().run())}
        </Space.Compact>
        {image.input}
      </div>
      <EditorContent editor={editor} />
    </div>
  )
}

/** The link of the selection: an address typed into a small popover (empty removes the link). */
function LinkButton({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [href, setHref] = useState('')
  const [wrong, setWrong] = useState(false)
  const apply = () => {
    const address = href.trim()
    if (address === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run()
      setOpen(false)
      return
    }
    if (!SAFE_LINK.test(address)) {
      setWrong(true)
      return
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: address }).run()
    setOpen(false)
  }
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) {
          setHref(String(editor.getAttributes('link').href ?? ''))
          setWrong(false)
        }
      }}
      trigger="click"
      content={
        <Space.Compact>
          <Input
            autoFocus
            size="small"
            value={href}
            status={wrong ? 'error' : undefined}
            placeholder="https://…"
            aria-label={t('editor.link_address')}
            onChange={(event) => {
              setHref(event.target.value)
              setWrong(false)
            }}
            onPressEnter={apply}
            style={{ width: 240 }}
          />
          <Button size="small" type="primary" onClick={apply}>
            {t('editor.apply')}
          </Button>
        </Space.Compact>
      }
    >
      <Tooltip title={t('editor.link')}>
        <Button
          size="small"
          type={editor.isActive('link') ? 'primary' : 'text'}
          aria-label={t('editor.link')}
          icon={<LinkOutlined />}
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
        />
      </Tooltip>
    </Popover>
  )
}
