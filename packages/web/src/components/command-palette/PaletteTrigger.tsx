import { SearchOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../state/session'
import { loadOnce } from '../lazy-menu'
import type { CommandPaletteProps } from './palette-props'

/** The palette's chunk, loaded once, on first need. */
const loadPalette = loadOnce(() => import('./CommandPalette').then((module) => module.default))

const isApple = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)

/**
 * The back-office header's search box: Ctrl+K / ⌘K or a click opens the command palette, whose chunk
 * loads as the pointer reaches the box or it gets the focus (or at the shortcut): a list page's first
 * load carries only this button.
 */
export function PaletteTrigger() {
  const { t } = useTranslation()
  // Until a security step is taken (a new password, a second factor) only the personal centre answers.
  const blocked = Boolean(useSession().user.security_step)
  const [palette, setPalette] = useState<{ Palette: ComponentType<CommandPaletteProps> } | null>(null)
  const [open, setOpen] = useState(false)
  const isOpen = useRef(false)
  isOpen.current = open

  const show = useCallback(() => {
    setOpen(true)
    const loaded = loadPalette.loaded()
    if (loaded) setPalette({ Palette: loaded })
    else
      loadPalette()
        .then((Palette) => setPalette({ Palette }))
        .catch(() => setOpen(false))
  }, [])
  const preload = () => void loadPalette().catch(() => undefined)

  useEffect(() => {
    if (blocked) return
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        if (isOpen.current) setOpen(false)
        else show()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [show, blocked])

  if (blocked) return null
  const shortcut = isApple() ? '⌘K' : 'Ctrl K'
  return (
    <>
      <Button
        type="text"
        className="bd-header-button bd-palette-trigger"
        icon={<SearchOutlined />}
        aria-label={t('palette.open')}
        aria-keyshortcuts={isApple() ? 'Meta+K' : 'Control+K'}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={show}
      >
        <span className="bd-palette-trigger__text bd-hide-xs">{t('palette.trigger')}</span>
        <kbd className="bd-palette-trigger__kbd bd-hide-xs">{shortcut}</kbd>
      </Button>
      {open && palette && <palette.Palette onClose={() => setOpen(false)} />}
    </>
  )
}
