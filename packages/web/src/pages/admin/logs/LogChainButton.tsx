import { SafetyCertificateOutlined } from '@ant-design/icons'
import { Alert, Button, DatePicker, Flex, Modal, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '../../../api/config'
import { HttpError, http } from '../../../api/http'
import { useHeldRoutes } from '../../../app/permissions'
import { type Dayjs, dayjs } from '../../../i18n/dayjs'

interface VerifyAnswer {
  ok: boolean
  checked: number
  broken?: { id: number | null; chain_seq: number | null; reason: 'content' | 'link' | 'unchained' | 'tail' }
}

const VERIFY = '/admin/logs/verify'
const REPORT = '/admin/logs/report'

/**
 * The tamper-evident log on the log's list: check the hash chain over a period, and download the
 * period's signed report (CSV, its Ed25519 signature, the public key) for auditors.
 */
export function LogChainButton() {
  const { t } = useTranslation()
  const can = useHeldRoutes()
  const [open, setOpen] = useState(false)
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('month'), dayjs()])
  const [answer, setAnswer] = useState<VerifyAnswer>()
  const [refusal, setRefusal] = useState<string>()
  const [checking, setChecking] = useState(false)
  const mayVerify = can(VERIFY, 'GET')
  const mayReport = can(REPORT, 'GET')
  if (!mayVerify && !mayReport) return null

  const period = { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') }
  const query = new URLSearchParams(period).toString()
  const file = `operation-log_${period.from}_${period.to}.csv`
  const base = getConfig().web_url
  const verify = async () => {
    setChecking(true)
    setAnswer(undefined)
    setRefusal(undefined)
    try {
      setAnswer(await http.get<VerifyAnswer>(VERIFY, period, { handledStatuses: [422] }))
    } catch (error) {
      if (error instanceof HttpError && error.status === 422)
        setRefusal(Object.values(error.errors).flat()[0] ?? error.message)
    } finally {
      setChecking(false)
    }
  }

  return (
    <>
      <Button icon={<SafetyCertificateOutlined />} onClick={() => setOpen(true)}>
        {t('log_chain.open')}
      </Button>
      <Modal
        open={open}
        title={t('log_chain.title')}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={16}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('log_chain.intro')}
          </Typography.Paragraph>
          <DatePicker.RangePicker
            aria-label={t('log_chain.period')}
            value={range}
            allowClear={false}
            onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
            style={{ width: '100%' }}
          />
          {mayVerify ? (
            <Button type="primary" loading={checking} onClick={verify}>
              {t('log_chain.verify')}
            </Button>
          ) : null}
          {answer?.ok ? (
            <Alert type="success" showIcon message={t('log_chain.intact', { count: answer.checked })} />
          ) : answer?.broken ? (
            <Alert
              type="error"
              showIcon
              message={t('log_chain.broken', {
                id: answer.broken.id ?? answer.broken.chain_seq ?? '',
                count: answer.checked,
              })}
              description={t(`log_chain.reasons.${answer.broken.reason}`)}
            />
          ) : refusal ? (
            <Alert type="warning" showIcon message={refusal} />
          ) : null}
          {mayReport ? (
            <Flex vertical gap={8}>
              <Typography.Text strong>{t('log_chain.report')}</Typography.Text>
              <Flex wrap gap={8}>
                <Button href={`${base}${REPORT}?${query}`} download>
                  {t('log_chain.report_csv')}
                </Button>
                <Button href={`${base}${REPORT}?${query}&part=signature`} download>
                  {t('log_chain.report_signature')}
                </Button>
                <Button href={`${base}${REPORT}/key?format=pem`} download>
                  {t('log_chain.report_key')}
                </Button>
              </Flex>
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {t('log_chain.how')}
              </Typography.Paragraph>
              <Typography.Text code className="bd-mono" style={{ overflowWrap: 'anywhere' }}>
                {`openssl pkeyutl -verify -pubin -inkey operation-log-report-key.pem -rawin -in ${file} -sigfile ${file}.sig`}
              </Typography.Text>
            </Flex>
          ) : null}
        </Flex>
      </Modal>
    </>
  )
}
