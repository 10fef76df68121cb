import { LockOutlined } from '@ant-design/icons'
import { Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ZodRuleOptions, zodField } from './zod-rule'

type PasswordField = 'password' | 'password_confirmation'

/**
 * A new password and its confirmation, validated by the form's schema (`field` of useZodForm).
 * `label` names the first one ("Password" on registration, "New password" elsewhere).
 */
export function NewPasswordFields({
  field,
  label,
  extra,
  placeholders = false,
}: {
  field: (name: PasswordField, options?: ZodRuleOptions) => ReturnType<typeof zodField>
  label: string
  extra?: string
  /** Show the registration pages' hints inside the inputs. */
  placeholders?: boolean
}) {
  const { t } = useTranslation()
  return (
    <>
      <Form.Item label={label} extra={extra} {...field('password', { label })}>
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          placeholder={placeholders ? t('auth.register.password_placeholder') : undefined}
        />
      </Form.Item>
      <Form.Item label={t('fields.password_confirmation')} {...field('password_confirmation')}>
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          placeholder={placeholders ? t('auth.register.confirm_placeholder') : undefined}
        />
      </Form.Item>
    </>
  )
}
