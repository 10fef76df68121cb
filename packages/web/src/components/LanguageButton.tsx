import { GlobalOutlined } from '@ant-design/icons'
import { Button, type ButtonProps } from 'antd'
import type { Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocaleState } from '../i18n/language'
import { LANGUAGE_FILES } from '../i18n/languages'

/** What the language menu (LanguageMenu.tsx, a chunk of its own) is given. */
export interface LanguageMenuProps {
  iconOnly: boolean
  /** Open at once: the button was clicked while this chunk loaded. */
  defaultOpen: boolean
  /** Takes the focus: it replaces the button that had it. */
  focus: boolean
}

/** The header's language button (the dropdown's trigger once that is loaded). */
export function LanguageButton({
  iconOnly,
  ref,
  className,
  ...props
}: ButtonProps & { iconOnly: boolean; ref?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation()
  const { language } = useLocaleState()
  // The dropdown adds its own class names (trigger, open) to the ones of the header's buttons.
  return (
    <Button
      ref={ref}
      type="text"
      icon={<GlobalOutlined />}
      aria-label={t('language.label')}
      className={className ? `bd-header-button ${className}` : 'bd-header-button'}
      {...props}
    >
      {!iconOnly && <span className="bd-hide-xs">{LANGUAGE_FILES[language].name}</span>}
    </Button>
  )
}
