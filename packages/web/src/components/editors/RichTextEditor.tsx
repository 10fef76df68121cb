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
import { Image } from '@tiptap/extension-image'
import { TableKit } from '@tiptap/extension-table'
import { type Editor, EditorContent, useEditor } from '@tiptap/react'
import { StarterKit } from '@tiptap/starter-kit'
import { Button, Input, Popover, Space, Tooltip } from 'antd'
import DOMPurify from 'dompurify'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../rich-text/rich-text.css'
import './editors.css'
import { useImageUpload } from './use-image-upload'

export interface RichTextEditorProps {
  id?: string
  /** The field's name for screen readers: a form's label does not name an editable div. */
  label?: string
  value?: string | null
  onChange?: (value: string) => void
  disabled?: boolean
}

/** What the editor holds as the field's value: its HTML, or '' when it shows nothing. */
function htmlOf(editor: Editor): string {
  const html = editor.getHTML()
  return editor.isEmpty && !/<img\s/i.test(html) ? '' : html
}

/** Stored HTML, cleaned before the editor parses it (the server has cleaned it too). */
const clean = (html: string) => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } })

/** Only web and mail links; anything else (javascript:, data:) is refused. */
const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?!\/))/i

/**
 * Rich text (TipTap): headings, emphasis, lists, quotes, code, links, tables and images uploaded
 * through POST /home/upload/index. The value is HTML; the server sanitizes it again before storing.
 */
export default function RichTextEditor({ id, label, value, onChange, disabled }: RichTextEditorProps) {
  const { t } = useTranslation()
  const last = useRef<string>(value ?? '')
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto'],
          isAllowedUri: (url) => SAFE_LINK.test(url),
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: clean(value ?? ''),
    editable: !disabled,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        class: 'bd-rich-text bd-editor__content',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(id ? { id } : {}),
        ...(label ? { 'aria-label': label } : {}),
      },
    },
    // Only a change of the value reaches the form: the editor's own fix-ups of an empty document
    // (as it starts) would otherwise have the form judge a field nobody has typed in yet.
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current)
      if (html === last.current) return
      last.current = html
      onChange?.(html)
    },
  })

  // A value set from outside (the record loaded, the form reset) replaces the content.
  useEffect(() => {
    if (!editor || (value ?? '') === last.current) return
    last.current = value ?? ''
    editor.commands.setContent(clean(value ?? ''), { emitUpdate: false })
  }, [editor, value])

  useEffect(() => {
    editor?.setEditable(!disabled)
  }, [editor, disabled])

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
