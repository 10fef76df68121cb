import { adminResource, fieldRules, rules } from '@brokerdesk/shared'
import { Descriptions, Form, Radio } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { z } from 'zod'
import { useHeldRoutes } from '../../../app/permissions'
import ResourceEditPage from '../../../components/resource/ResourceEditPage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'
import type { ObjectSchema } from '../../../forms/zod-rule'
import { AccountSelect } from './AccountSelect'

type Mode = 'bind' | 'create'

const ACCOUNT_FIELDS = ['uname', 'name', 'email', 'mobile_phone', 'password']

/** A new admin binds an account (`user_id` chosen) or creates one (its names and password required). */
const schemas: Record<Mode, ObjectSchema> = {
  bind: adminResource.create.extend({
    user_id: z.number(fieldRules.message('required')).int().positive(fieldRules.message('required')),
  }) as unknown as ObjectSchema,
  create: adminResource.create.extend({
    uname: rules.userName(),
    name: fieldRules.requiredText(50),
    password: rules.password(),
  }) as unknown as ObjectSchema,
}

/**
 * A back-office user. Creating one binds an existing account or creates the account with it;
 * afterwards the account is fixed and only the unit and the roles change.
 */
export default function AdminEdit(props: ResourcePageProps) {
  const { t } = useTranslation()
  const creating = (useParams().id ?? 'create') === 'create'
  // Binding needs the account search; without it only a new account can be made.
  const canBind = useHeldRoutes()('/admin/admins/accounts', 'GET')
  const [chosen, setMode] = useState<Mode>('bind')
  const mode: Mode = canBind ? chosen : 'create'
  if (!creating) {
    return (
      <ResourceEditPage
        {...props}
        shown={(name) => name === 'department_id' || name === 'role_ids'}
        header={<AccountSummary />}
      />
    )
  }
  return (
    <ResourceEditPage
      {...props}
      key={mode}
      schema={schemas[mode]}
      required={mode === 'bind' ? ['user_id'] : ['uname', 'name', 'password']}
      header={
        <Form.Item label={t('access.account')}>
          <Radio.Group
            value={mode}
            onChange={(event) => setMode(event.target.value)}
            options={[
              { value: 'bind', label: t('access.bind_account'), disabled: !canBind },
              { value: 'create', label: t('access.create_account') },
            ]}
          />
        </Form.Item>
      }
      shown={(name) => (mode === 'bind' ? !ACCOUNT_FIELDS.includes(name) : name !== 'user_id')}
      renderers={{
        user_id: ({ id, value, onChange, disabled }) => (
          <AccountSelect id={id} value={value} onChange={onChange} disabled={disabled} />
        ),
      }}
      beforeSave={(values) =>
        mode === 'bind'
          ? {
              user_id: values.user_id,
              department_id: values.department_id ?? 0,
              role_ids: values.role_ids ?? [],
            }
          : {
              ...Object.fromEntries(ACCOUNT_FIELDS.map((f) => [f, values[f] ?? ''])),
              user_id: 0,
              department_id: values.department_id ?? 0,
              role_ids: values.role_ids ?? [],
            }
      }
    />
  )
}

/** The bound account of an existing admin record, read from the form's values. */
function AccountSummary() {
  const { t } = useTranslation()
  const form = Form.useFormInstance()
  const values = Form.useWatch([], { form, preserve: true }) as Record<string, unknown> | undefined
  const shown = (value: unknown) => (value ? String(value) : t('messages.missing_value'))
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      style={{ marginBottom: 24 }}
      title={t('access.bound_account')}
      items={['uname', 'name', 'email', 'mobile_phone'].map((name) => ({
        key: name,
        label: t(`fields.${name}`),
        children: shown(values?.[name] ?? form.getFieldValue(name)),
      }))}
    />
  )
}
