import { useEffect } from 'react'
import { getConfig } from '../api/config'

/** Sets the browser tab title to "<title> · <product name>". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const name = getConfig().name
    document.title = title ? `${title} · ${name}` : name
  }, [title])
}
