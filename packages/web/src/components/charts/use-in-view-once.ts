import { useCallback, useEffect, useState } from 'react'

/**
 * Whether the element given to the ref has come into the viewport (once it has, it stays true). A
 * chart below the fold, as on a phone's admin home, waits for it before it loads echarts and draws:
 * what the reader has not scrolled to costs the page nothing. Where the browser cannot observe (no
 * IntersectionObserver), every element counts as seen.
 */
export function useInViewOnce<T extends Element>(): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null)
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined')
  const ref = useCallback((next: T | null) => setElement(next), [])

  useEffect(() => {
    if (seen || !element) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [element, seen])

  return [ref, seen]
}
