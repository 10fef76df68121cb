import { type Language, RTL_LANGUAGES } from '@brokerdesk/shared'
import { Dropdown } from 'antd'
import { useLayoutEffect, useRef, useState } from 'react'
import { getConfig } from '../api/config'
import { changeLanguage, isLanguage, offeredLanguages, useLocaleState } from '../i18n/language'
import { LANGUAGE_FILES } from '../i18n/languages'
import { LanguageButton, type LanguageMenuProps } from './LanguageButton'

/** The language button with its dropdown of the offered languages, each in its own name. */
export function LanguageMenu({ iconOnly, defaultOpen, focus }: LanguageMenuProps) {
  const { language } = useLocaleState()
  const [open, setOpen] = useState(defaultOpen)
  const button = useRef<HTMLButtonElement>(null)
  useLayoutEffect(() => {
    if (focus) button.current?.focus()
  }, [focus])
  const items = offeredLanguages(getConfig()).map((code: Language) => ({
    key: code,
    label: (
      <span lang={code} dir={RTL_LANGUAGES.includes(code) ? 'rtl' : undefined}>
        {LANGUAGE_FILES[code].name}
      </span>
    ),
  }))
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items,
        selectable: true,
        selectedKeys: [language],
        onClick: ({ key }) => {
          setOpen(false)
          if (isLanguage(key) && key !== language) void changeLanguage(key)
        },
      }}
    >
      <LanguageButton ref={button} iconOnly={iconOnly} />
    </Dropdown>
  )
}
