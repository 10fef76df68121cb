import { LANGUAGES, type Language } from '@brokerdesk/shared'

/** A language's messages by key. */
export type Catalog = Record<string, string>

type OnePer<T extends readonly unknown[]> = { readonly [I in keyof T]: string }

/**
 * A message in every language, one text each in the order of LANGUAGES (shared's global-config.ts):
 * a language added there fails the type check of every message until its text is written.
 */
export type Texts = OnePer<typeof LANGUAGES>

/** Each language's catalogue of messages written one text per language. */
export function catalogsOf(messages: Record<string, Texts>): Record<Language, Catalog> {
  const entries = Object.entries(messages)
  return Object.fromEntries(
    LANGUAGES.map((language, index) => [
      language,
      Object.fromEntries(entries.map(([key, texts]) => [key, texts[index]])),
    ]),
  ) as Record<Language, Catalog>
}
