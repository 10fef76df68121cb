import { GlobalOutlined } from '@ant-design/icons'
import type { Language } from '@brokerdesk/shared'
import { Button, Dropdown } from 'antd'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../app/config'
import { changeLanguage, isLanguage, offeredLanguages, useLocaleState } from '../i18n/language'
import { LANGUAGE_NAMES } from '../i18n/languages'

interface LanguageSwitchProps {
  /** Shows only the globe icon (narrow headers). */
  iconOnly?: boolean
}

/** A dropdown of the offered languages, each in its own name. */
export function LanguageSwitch({ iconOnly = false }: LanguageSwitchProps) {
  const { t } = useTranslation()
  const { language } = useLocaleState()
  const items = offeredLanguages(getConfig()).map((code: Language) => ({
    key: code,
    label: (
      <span lang={code} dir={code === 'fa' ? 'rtl' : undefined}>
        {LANGUAGE_NAMES[code]}
      </span>
    ),
  }))
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: [language],
        onClick: ({ key }) => {
          if (isLanguage(key) && key !== language) void changeLanguage(key)
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('language.label')}
        className="bd-header-button"
      >
        {!iconOnly && <span className="bd-hide-xs">{LANGUAGE_NAMES[language]}</span>}
      </Button>
    </Dropdown>
  )
}
