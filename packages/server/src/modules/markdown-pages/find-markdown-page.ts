import type { Language, MarkdownPageKey, TMarkdownPage } from '@brokerdesk/shared'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { configs } from '../../db/schema/index'
import { notFound } from '../../errors'
import { seededText } from '../../i18n/seeded-texts'

/**
 * A markdown document kept in the settings, as its text: the SPA renders and sanitizes it. Only the
 * keys of MARKDOWN_PAGE_KEYS reach here, so no other setting (a password) can be read this way. A
 * name or text still as seeded is answered in the reader's language.
 */
export async function findMarkdownPage(
  db: Db,
  key: MarkdownPageKey,
  language: Language,
): Promise<TMarkdownPage> {
  const [row] = await db
    .select({ name: configs.name, value: configs.value, updated_at: configs.updated_at })
    .from(configs)
    .where(and(eq(configs.key, key), isNull(configs.deleted_at)))
  if (!row) throw notFound()
  return {
    key,
    name: seededText(language, 'configs', key, 'name', row.name),
    markdown: seededText(language, 'configs', key, 'value', row.value),
    updated_at: row.updated_at.toISOString(),
  }
}
