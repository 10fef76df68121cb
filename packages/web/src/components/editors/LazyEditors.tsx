import { Skeleton } from 'antd'
import { lazy, Suspense } from 'react'
import type { MarkdownEditorProps } from './MarkdownEditor'
import type { RichTextEditorProps } from './use-rich-text-editor'

const RichTextEditor = lazy(() => import('./RichTextEditor'))
const MarkdownEditor = lazy(() => import('./MarkdownEditor'))

const loading = <Skeleton.Input active block style={{ height: 160 }} />

/** The rich-text editor, loaded in its own chunk the first time a form shows one. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={loading}>
      <RichTextEditor {...props} />
    </Suspense>
  )
}

/** The markdown editor with its live preview, loaded in its own chunk the first time a form shows one. */
export function LazyMarkdownEditor(props: MarkdownEditorProps) {
  return (
    <Suspense fallback={loading}>
      <MarkdownEditor {...props} />
    </Suspense>
  )
}
