import { isSensitiveConfigKey } from '@brokerdesk/shared'
import { Typography } from 'antd'
import type { HookAPI } from 'antd/es/modal/useModal'
import type { TFunction } from 'i18next'
import type { SessionUser } from '../../../api/types'
import { valueKind } from './config-value'

/** The super administrator's role: the only one that changes sensitive settings (the server decides). */
const SUPER_ADMIN_ROLE_ID = 1

export const holdsSuperAdmin = (user: SessionUser) =>
  user.admin?.roles?.some((role) => role.id === SUPER_ADMIN_ROLE_ID) ?? false

/** A setting as the list and the form know it (key, name, type, itype, options, value). */
export type SettingRow = Record<string, unknown>

/** A value as the confirmation names it: On/Off for a switch, "(empty)", else the text (cut). */
function shownValue(t: TFunction, setting: SettingRow, value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value)
  if (valueKind(setting.type, setting.itype, setting.options) === 'boolean')
    return t(text === '1' ? 'configs.on' : 'configs.off')
  if (text.trim() === '') return t('configs.empty_value')
  const line = text.replace(/\s+/g, ' ')
  return line.length > 60 ? `${line.slice(0, 60)}…` : line
}

/**
 * Asks before a sensitive setting (SENSITIVE_CONFIG_KEYS) gets another value, naming what the change
 * does; true at once for any other setting or an unchanged value.
 */
export async function confirmSensitiveChange(
  modal: HookAPI,
  t: TFunction,
  setting: SettingRow,
  next: unknown,
): Promise<boolean> {
  const key = setting.key
  if (!isSensitiveConfigKey(key) || String(next ?? '') === String(setting.value ?? '')) return true
  const confirmed = await modal.confirm({
    title: t('configs.sensitive_title', { name: String(setting.name ?? key) }),
    content: (
      <>
        <Typography.Paragraph>{t(`configs.sensitive_effect.${key}`)}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          {t('configs.sensitive_change', {
            from: shownValue(t, setting, setting.value),
            to: shownValue(t, setting, next),
          })}
        </Typography.Paragraph>
      </>
    ),
    okText: t('configs.sensitive_ok'),
    okButtonProps: { danger: true },
  })
  return confirmed === true
}
