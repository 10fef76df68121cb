import { MoonOutlined, SunOutlined } from '@ant-design/icons'
import { Button, Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'
import { setTheme, useTheme } from '../state/theme'

/** Toggles between the primary (light) and dark themes. */
export function ThemeSwitch() {
  const { t } = useTranslation()
  const theme = useTheme()
  const next = theme === 'dark' ? 'primary' : 'dark'
  const label = `${t('theme.label')}: ${t(`theme.${next}`)}`
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className="bd-header-button"
        aria-label={label}
        aria-pressed={theme === 'dark'}
        icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={() => setTheme(next)}
      />
    </Tooltip>
  )
}
