import { Checkbox, type CheckboxProps } from 'antd'
import { useTranslation } from 'react-i18next'

/**
 * "I have read and agree to the user agreement" (SPEC §5: registration requires it). The agreement's
 * text (config `user_agreement`) is not served by any route yet, so the label is plain text.
 */
export function AgreementCheckbox(props: CheckboxProps) {
  const { t } = useTranslation()
  return <Checkbox {...props}>{t('auth.register.agreement')}</Checkbox>
}
