import { Image } from '@tiptap/extension-image'
import { TableKit } from '@tiptap/extension-table'
import { type Editor, useEditor } from '@tiptap/react'
import { StarterKit } from '@tiptap/starter-kit'
import DOMPurify from 'dompurify'
import { useEffect, useRef } from 'react'

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
export const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?!\/))/i

/**
 * The TipTap editor of a form field: the extensions the toolbar uses, the value in and out (a value
 * set from outside replaces the content; only a real change reaches the form), editable unless disabled.
 */
export function useRichTextEditor({
  id,
  label,
  value,
  onChange,
  disabled,
}: RichTextEditorProps): Editor | null {
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
  return editor
}
