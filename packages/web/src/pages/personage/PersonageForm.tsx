import { UserOutlined } from '@ant-design/icons'
import { ZPersonageInput } from '@brokerdesk/shared/auth'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Avatar, Button, Card, Col, Form, Input, InputNumber, Result, Row, Skeleton, Space } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../../api/config'
import { displayName } from '../../api/types'
import { CoordinatePicker } from '../../components/maps/CoordinatePicker'
import { RegionCascader } from '../../components/regions/RegionCascader'
import { AvatarUpload } from '../../components/uploads/AvatarUpload'
import { showServerErrors, useZodForm } from '../../forms/use-zod-form'
import { sessionStore, useSession } from '../../state/session'
import {
  emptyValueOf,
  PERSONAGE_FIELDS,
  type PersonageArea,
  type PersonageUser,
  type PersonageValues,
  personageApi,
  personageValuesOf,
} from './personage-api'
import './personage.css'

/** What is sent: every field of the form, texts trimmed, an empty coordinate as null, no region as 0. */
function changesOf(values: PersonageValues): PersonageValues {
  const changes: Record<string, unknown> = {}
  for (const field of PERSONAGE_FIELDS) {
    const value = values[field]
    changes[field] = typeof value === 'string' ? value.trim() : (value ?? emptyValueOf(field))
  }
  return changes as PersonageValues
}

/**
 * The personal data of the logged-in user, the same in both areas (GET/POST /{area}/personage/index).
 * Saving shows the server's alert; refused fields get the server's message under them.
 */
export function PersonageForm({ area }: { area: PersonageArea }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { user } = useSession()
  const queryKey = ['personage', area, user.id ?? 0]
  const personage = useQuery({ queryKey, queryFn: () => personageApi.load(area), retry: false })
  const { form, field, formProps } = useZodForm<PersonageValues>(ZPersonageInput)
  const [saving, setSaving] = useState(false)
  const avatar = Form.useWatch('avatar', form)

  useEffect(() => {
    if (personage.data) form.setFieldsValue(personageValuesOf(personage.data))
  }, [personage.data, form])

  const onFinish = async (values: PersonageValues) => {
    setSaving(true)
    try {
      const saved = await personageApi.save(area, changesOf(values))
      queryClient.setQueryData<PersonageUser>(queryKey, saved)
      sessionStore.set((state) => ({ ...state, user: { ...state.user, ...saved, admin: state.user.admin } }))
    } catch (error) {
      showServerErrors(form, error)
    } finally {
      setSaving(false)
    }
  }

  const title = <h1 className="bd-personage__title">{t('personage.title')}</h1>
  if (personage.isPending) {
    // The same title as the loaded card's, so the form does not push the page down when it comes.
    return (
      <Card className="bd-personage" title={title}>
        <Skeleton active avatar paragraph={{ rows: 8 }} />
      </Card>
    )
  }
  if (personage.isError) {
    return (
      <Card className="bd-personage">
        <Result
          status="error"
          title={t('personage.load_failed')}
          extra={<Button onClick={() => void personage.refetch()}>{t('errors.retry')}</Button>}
        />
      </Card>
    )
  }

  const data = personage.data
  const text = (name: keyof PersonageValues, options: { wide?: boolean } = {}) => (
    <Col xs={24} md={options.wide ? 24 : 12} key={name}>
      <Form.Item label={t(`fields.${name}`)} {...field(name)}>
        <Input autoComplete="off" />
      </Form.Item>
    </Col>
  )

  return (
    <Card className="bd-personage" title={title}>
      <PersonageHead user={data} avatar={avatar} />
      <Form<PersonageValues> {...formProps} name={`personage-${area}`} onFinish={onFinish}>
        <h2 className="bd-personage__section">{t('personage.basic')}</h2>
        <Row gutter={24}>
          {text('name')}
          {text('nickname')}
          <Col xs={24}>
            <Form.Item label={t('fields.avatar')} extra={t('personage.avatar_help')} {...field('avatar')}>
              <AvatarUpload name="avatar" fallback={getConfig().def_avatar} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label={t('fields.signature')} {...field('signature')}>
              <Input.TextArea rows={3} maxLength={255} showCount />
            </Form.Item>
          </Col>
        </Row>
        <h2 className="bd-personage__section">{t('personage.contact')}</h2>
        <Row gutter={24}>
          {text('email')}
          {text('mobile_phone')}
        </Row>
        <h2 className="bd-personage__section">{t('personage.address')}</h2>
        <Row gutter={24}>
          <Col xs={24}>
            <Form.Item label={t('map.region')} {...field('province_id')}>
              <RegionCascader />
            </Form.Item>
          </Col>
          {text('address', { wide: true })}
          {(['lng', 'lat'] as const).map((name) => (
            <Col xs={24} md={12} key={name}>
              <Form.Item label={t(`fields.${name}`)} {...field(name)}>
                <InputNumber className="bd-personage__number" controls={false} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24}>
            <CoordinatePicker />
          </Col>
        </Row>
        <Space className="bd-personage__actions">
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('actions.save')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields()
              form.setFieldsValue(personageValuesOf(data))
            }}
            disabled={saving}
          >
            {t('actions.reset')}
          </Button>
        </Space>
      </Form>
    </Card>
  )
}

/** Who the form is of: the avatar as chosen in the form (the default one without), the name, the account. */
function PersonageHead({ user, avatar }: { user: PersonageUser; avatar: unknown }) {
  const { t } = useTranslation()
  const preview = typeof avatar === 'string' && avatar.trim() ? avatar.trim() : getConfig().def_avatar
  return (
    <div className="bd-personage__head">
      <Avatar size={72} src={preview || undefined} icon={<UserOutlined />} alt={t('fields.avatar')} />
      <div className="bd-personage__who">
        <strong>{displayName(user)}</strong>
        <span>{t('personage.account', { uname: user.uname })}</span>
      </div>
    </div>
  )
}
