import { useCallback, useEffect, useState } from 'react'

/** Seconds left until a moment `start(seconds)` set; 0 when none is running. */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [end, setEnd] = useState(0)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    if (end <= Date.now()) return
    const timer = setInterval(() => {
      const current = Date.now()
      setNow(current)
      if (current >= end) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
  }, [end])

  const start = useCallback((seconds: number) => {
    const current = Date.now()
    setNow(current)
    setEnd(current + seconds * 1000)
  }, [])

  return { remaining: Math.max(0, Math.ceil((end - now) / 1000)), start }
}
