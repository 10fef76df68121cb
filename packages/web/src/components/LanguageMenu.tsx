import { type Language, RTL_LANGUAGES } from '@brokerdesk/shared'
import { Dropdown } from 'antd'
import { getConfig } from '../api/config'
import { changeLanguage, isLanguage, offeredLanguages, useLocaleState } from '../i18n/language'
import { LANGUAGE_FILES } from '../i18n/languages'
import { LanguageButton, type LanguageMenuProps } from './LanguageButton'
import { useMenuInPlace } from './lazy-menu'

/** The language button with its dropdown of the offered languages, each in its own name. */
export function LanguageMenu({ iconOnly, defaultOpen, focus }: LanguageMenuProps) {
  const { language } = useLocaleState()
  const { open, setOpen, ref: button } = useMenuInPlace({ defaultOpen, focus })
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
