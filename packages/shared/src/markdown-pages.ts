import { z } from 'zod'

/** The settings holding the markdown documents that GET /open/markdown?key= serves (and only these). */
export const MARKDOWN_PAGE_KEYS = ['user_agreement', 'privacy_policy', 'about'] as const
export type MarkdownPageKey = (typeof MARKDOWN_PAGE_KEYS)[number]

export const ZMarkdownPageQuery = z.object({
  key: z.enum(MARKDOWN_PAGE_KEYS, { error: 'validations.messages.in' }),
})

/** A markdown document as GET /open/markdown answers it; the SPA renders and sanitizes it. */
export interface TMarkdownPage {
  key: MarkdownPageKey
  /** The setting's name (English); the SPA shows its own translation of the key. */
  name: string
  markdown: string
  updated_at: string
}
