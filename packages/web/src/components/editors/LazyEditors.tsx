import { Skeleton } from 'antd'
import { lazyPart } from '../../app/lazy-part'

/** An editor's place while its chunk loads. */
const loading = () => <Skeleton.Input active block style={{ height: 160 }} />

/** The rich-text editor, loaded in its own chunk the first time a form shows one. */
export const LazyRichTextEditor = lazyPart(() => import('./RichTextEditor'), loading)

/** The markdown editor with its live preview, loaded in its own chunk the first time a form shows one. */
export const LazyMarkdownEditor = lazyPart(() => import('./MarkdownEditor'), loading)
