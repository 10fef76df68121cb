import {
  ArrowRightOutlined,
  ClockCircleOutlined,
  FileOutlined,
  FileTextOutlined,
  LoadingOutlined,
  SearchOutlined,
} from '@ant-design/icons'
import { SEARCH_KEYWORD_MAX } from '@brokerdesk/shared'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useSession } from '../../state/session'
import { flatten, type PaletteEntry, type PaletteSection } from './palette-entries'
import type { CommandPaletteProps } from './palette-props'
import { readRecent, rememberRecent } from './recent-entries'
import { usePaletteSections } from './use-palette-sections'
import { useRecordSearch } from './use-record-search'
import './command-palette.css'

const ICONS = { page: FileOutlined, record: FileTextOutlined, more: ArrowRightOutlined }

/**
 * The command palette: the pages of the user's menu and the records the server finds for the
 * keyword (GET /admin/search), the ones opened lately first. A combobox over a listbox: the focus
 * stays in the box, the arrows move the active line, Enter opens it, Esc closes.
 */
export default function CommandPalette({ onClose }: CommandPaletteProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const userId = useSession().user.id ?? 0
  const [keyword, setKeyword] = useState('')
  const [recent, setRecent] = useState(() => readRecent(userId))
  const [active, setActive] = useState(0)
  const typed = keyword.trim()
  const search = useRecordSearch(userId, typed)
  const id = useId()
  const input = useRef<HTMLInputElement>(null)

  const sections = usePaletteSections(typed, recent, search.answer)
  const entries = flatten(sections)
  const current = Math.min(active, Math.max(0, entries.length - 1))
  const optionId = (index: number) => `${id}-option-${index}`

  // The focus goes back where it was when the palette closes.
  useEffect(() => {
    const previous = document.activeElement
    input.current?.focus()
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus()
    }
  }, [])
  const activeId = entries.length > 0 ? optionId(current) : undefined
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' })
  }, [activeId])

  const open = (entry: PaletteEntry | undefined) => {
    if (!entry) return
    setRecent(rememberRecent(userId, entry))
    onClose()
    navigate(entry.path)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = entries.length
    const move = (to: number) => {
      event.preventDefault()
      if (count > 0) setActive((to + count) % count)
    }
    if (event.key === 'ArrowDown') move(current + 1)
    else if (event.key === 'ArrowUp') move(current - 1)
    else if (event.key === 'PageDown') move(Math.min(count - 1, current + 5))
    else if (event.key === 'PageUp') move(Math.max(0, current - 5))
    else if (event.key === 'Enter') {
      event.preventDefault()
      open(entries[current])
    } else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      onClose()
    } else if (event.key === 'Tab') event.preventDefault()
  }

  const status = !typed
    ? ''
    : search.failed
      ? t('palette.failed')
      : search.pending
        ? t('palette.searching')
        : entries.length === 0
          ? t('palette.no_results', { keyword: typed })
          : t('palette.found', { count: entries.length })

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a press outside the dialog closes it, as Esc does
    <div
      className="bd-palette__backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="bd-palette" role="dialog" aria-modal="true" aria-label={t('palette.dialog')}>
        <div className="bd-palette__search">
          {search.pending ? <LoadingOutlined aria-hidden /> : <SearchOutlined aria-hidden />}
          <input
            ref={input}
            className="bd-palette__input"
            role="combobox"
            aria-expanded={entries.length > 0}
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            aria-label={t('palette.open')}
            placeholder={t('palette.placeholder')}
            maxLength={SEARCH_KEYWORD_MAX}
            autoComplete="off"
            spellCheck={false}
            value={keyword}
            onChange={(event) => {
              setKeyword(event.target.value)
              setActive(0)
            }}
            onKeyDown={onKeyDown}
          />
          <kbd className="bd-palette__esc">Esc</kbd>
        </div>
        <div className="bd-palette__list" id={`${id}-list`} role="listbox" aria-label={t('palette.results')}>
          <PaletteOptions
            id={id}
            sections={sections}
            current={current}
            optionId={optionId}
            onHover={setActive}
            onOpen={open}
          />
        </div>
        <div className="bd-palette__status" aria-live="polite">
          {status && entries.length === 0 ? status : <span className="bd-visually-hidden">{status}</span>}
        </div>
        <PaletteFooter />
      </div>
    </div>,
    document.body,
  )
}

/** The options of each section, numbered in the order the arrow keys walk them. */
function PaletteOptions({
  id,
  sections,
  current,
  optionId,
  onHover,
  onOpen,
}: {
  id: string
  sections: readonly PaletteSection[]
  current: number
  optionId: (index: number) => string
  onHover: (index: number) => void
  onOpen: (entry: PaletteEntry) => void
}) {
  const { t } = useTranslation()
  let index = -1
  return (
    <>
      {sections.map((section) => (
        // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group" (no fieldset)
        <div key={section.key} role="group" aria-labelledby={`${id}-${section.key}`}>
          <div className="bd-palette__group" id={`${id}-${section.key}`} role="presentation">
            {section.key === 'recent' && <ClockCircleOutlined aria-hidden />}
            {section.title}
          </div>
          {section.entries.map((entry) => {
            index += 1
            const mine = index
            const Icon = ICONS[entry.kind]
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox's (aria-activedescendant)
              <div
                key={`${section.key}:${entry.key}`}
                tabIndex={-1}
                id={optionId(mine)}
                role="option"
                aria-selected={mine === current}
                className="bd-palette__option"
                onMouseMove={() => mine !== current && onHover(mine)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onOpen(entry)}
              >
                <Icon aria-hidden className="bd-palette__icon" />
                <span className="bd-palette__label">{entry.label}</span>
                {entry.detail && <span className="bd-palette__detail">{entry.detail}</span>}
              </div>
            )
          })}
          {section.note === 'too_broad' && <div className="bd-palette__note">{t('palette.too_broad')}</div>}
        </div>
      ))}
    </>
  )
}

function PaletteFooter() {
  const { t } = useTranslation()
  return (
    <div className="bd-palette__footer" aria-hidden>
      <span>
        <kbd>↑</kbd>
        <kbd>↓</kbd> {t('palette.hint_move')}
      </span>
      <span>
        <kbd>Enter</kbd> {t('palette.hint_open')}
      </span>
      <span>
        <kbd>Esc</kbd> {t('palette.hint_close')}
      </span>
    </div>
  )
}
