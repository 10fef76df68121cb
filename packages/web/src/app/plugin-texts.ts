import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { http } from '../api/http'
import { i18n, NAMESPACE } from '../i18n/i18n'
import { useLocaleState } from '../i18n/language'

export const PLUGIN_TEXTS_KEY = ['plugin-texts'] as const

/**
 * Adds the installed plug-ins' texts (their menu names, field and option labels) to the current
 * language, under the SPA's own: a plug-in names only its own pages and menus.
 */
export function usePluginTexts(): void {
  const { language } = useLocaleState()
  const texts = useQuery({
    queryKey: [...PLUGIN_TEXTS_KEY, language],
    queryFn: async () =>
      (await http.get<{ texts: Record<string, unknown> }>('/open/plugin-texts', undefined, { silent: true }))
        .texts,
    staleTime: 5 * 60_000,
    retry: false,
  })
  // Adding a bundle re-renders every translated component (bindI18nStore: 'added'): none to add, none to redraw.
  useEffect(() => {
    if (texts.data && Object.keys(texts.data).length > 0)
      i18n.addResourceBundle(language, NAMESPACE, texts.data, true, false)
  }, [texts.data, language])
}
