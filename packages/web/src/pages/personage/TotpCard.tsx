import { SafetyOutlined } from '@ant-design/icons'
import { ZTotpEnableInput } from '@brokerdesk/shared/auth'
import { Alert, Button, Card, Form, Input, Space, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { isAdmin } from '../../api/types'
import { showServerErrors, useZodForm } from '../../forms/use-zod-form'
import { fetchUser, useSession } from '../../state/session'
import type { PersonageArea } from './personage-api'
import { securityApi, type TotpEnrolment } from './security-api'
import './personage.css'

type Stage =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrolment: TotpEnrolment }
  /** `onward`: the app was set up as a required step; once the codes are saved the user goes on. */
  | { kind: 'recovery'; codes: string[]; onward: boolean }

interface ProofValues {
  code?: string
  password?: string
}

/**
 * Two-factor login of the logged-in user (RFC 6238, any authenticator app): set up from a QR code
 * and turned on by its first code, which answers ten recovery codes shown once; turned off with a
 * code (or recovery code) or the password. The session user is read again after each change, so
 * a security step it satisfied goes away.
 */
export function TotpCard({ area }: { area: PersonageArea }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const [stage, setStage] = useState<Stage>({ kind: 'idle' })
  const [busy, setBusy] = useState(false)
  const navigate = useNavigate()
  const enable = useZodForm<{ code: string }>(ZTotpEnableInput)
  const [proofForm] = Form.useForm<ProofValues>()
  const on = user.totp_enabled === true

  const run = async (work: () => Promise<void>, form?: Parameters<typeof showServerErrors>[0]) => {
    setBusy(true)
    try {
      await work()
    } catch (error) {
      if (form) showServerErrors(form, error)
    } finally {
      setBusy(false)
    }
  }

  const start = () =>
    run(async () => {
      enable.form.resetFields()
      setStage({ kind: 'enrolling', enrolment: await securityApi.startTotp(area) })
    })

  const turnOn = ({ code }: { code: string }) =>
    run(async () => {
      const codes = await securityApi.enableTotp(area, code.trim())
      setStage({ kind: 'recovery', codes, onward: user.security_step === 'totp' })
      await fetchUser(true)
    }, enable.form)

  const turnOff = (values: ProofValues) =>
    run(async () => {
      const proof = values.code?.trim() ? { code: values.code.trim() } : { password: values.password ?? '' }
      await securityApi.disableTotp(area, proof)
      proofForm.resetFields()
      await fetchUser(true)
    }, proofForm)

  const status = on ? (
    <Tag className="bd-strong-tag">{t('security.totp.on')}</Tag>
  ) : (
    <Tag>{t('security.totp.off')}</Tag>
  )

  return (
    <Card
      className="bd-personage bd-personage--narrow bd-security"
      title={
        <h2 className="bd-personage__title">
          <SafetyOutlined /> {t('security.totp.title')}
        </h2>
      }
      extra={status}
    >
      {user.security_step === 'totp' && stage.kind !== 'recovery' && (
        <Alert className="bd-security__notice" type="warning" showIcon title={t('security.totp.required')} />
      )}
      {stage.kind === 'recovery' && (
        <RecoveryCodes
          codes={stage.codes}
          onSaved={() => {
            setStage({ kind: 'idle' })
            if (stage.onward) navigate(isAdmin(user) ? '/admin/index' : '/home/index')
          }}
        />
      )}
      {stage.kind === 'idle' && !on && (
        <>
          <p className="bd-personage__intro">{t('security.totp.intro')}</p>
          <Button type="primary" loading={busy} onClick={() => void start()}>
            {t('security.totp.start')}
          </Button>
        </>
      )}
      {stage.kind === 'enrolling' && (
        <Enrolment
          enrolment={stage.enrolment}
          enable={enable}
          name={`totp-enable-${area}`}
          busy={busy}
          onEnable={(values) => void turnOn(values)}
          onCancel={() => setStage({ kind: 'idle' })}
        />
      )}
      {stage.kind === 'idle' && on && (
        <>
          <p className="bd-personage__intro">{t('security.totp.disable_intro')}</p>
          <Form<ProofValues>
            form={proofForm}
            layout="vertical"
            name={`totp-disable-${area}`}
            onFinish={(values) => void turnOff(values)}
          >
            <Form.Item label={t('security.totp.code_or_recovery')} name="code">
              <Input autoComplete="one-time-code" maxLength={32} className="bd-security__code" />
            </Form.Item>
            <Form.Item label={t('security.totp.or_password')} name="password">
              <Input.Password autoComplete="current-password" maxLength={255} />
            </Form.Item>
            <Button danger htmlType="submit" loading={busy}>
              {t('security.totp.disable')}
            </Button>
          </Form>
        </>
      )}
    </Card>
  )
}

/** The recovery codes, shown once after the app is set up: listed, copied, and said to be saved. */
function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="bd-security__recovery">
      <Alert
        type="success"
        showIcon
        title={t('security.totp.recovery_title')}
        description={t('security.totp.recovery_intro')}
      />
      <ol className="bd-security__codes" aria-label={t('security.totp.recovery_title')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Space wrap>
        <Typography.Text
          copyable={{
            text: codes.join('\n'),
            tooltips: [t('security.totp.copy'), t('security.totp.copied')],
          }}
        >
          {t('security.totp.copy')}
        </Typography.Text>
        <Button type="primary" onClick={onSaved}>
          {t('security.totp.saved')}
        </Button>
      </Space>
    </div>
  )
}

/** The QR code and the key of a new set-up, and the form of the app's first code that turns it on. */
function Enrolment({
  enrolment,
  enable,
  name,
  busy,
  onEnable,
  onCancel,
}: {
  enrolment: TotpEnrolment
  enable: ReturnType<typeof useZodForm<{ code: string }>>
  name: string
  busy: boolean
  onEnable: (values: { code: string }) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  return (
    <div className="bd-security__enrol">
      <p className="bd-personage__intro">{t('security.totp.scan')}</p>
      <img
        className="bd-security__qr"
        src={enrolment.qr_code}
        alt={t('security.totp.qr_alt')}
        width={184}
        height={184}
      />
      <p>
        {t('security.totp.key')}{' '}
        <Typography.Text code copyable>
          {enrolment.secret}
        </Typography.Text>
      </p>
      <Form<{ code: string }> {...enable.formProps} name={name} onFinish={onEnable}>
        <Form.Item label={t('security.totp.code')} {...enable.field('code')}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="bd-security__code"
          />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('security.totp.enable')}
          </Button>
          <Button onClick={onCancel}>{t('actions.cancel')}</Button>
        </Space>
      </Form>
    </div>
  )
}
