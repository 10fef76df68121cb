import type { TAppSecretAnswer } from '@brokerdesk/shared'
import { Alert, Descriptions, Modal, Typography } from 'antd'
import { useTranslation } from 'react-i18next'

/** The app's client id and secret, shown this once (after creating the app or rotating its secret). */
export function SecretModal({ answer, onClose }: { answer: TAppSecretAnswer | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal
      open={answer !== null}
      title={t('apps.secret_title')}
      onOk={onClose}
      onCancel={onClose}
      okText={t('apps.secret_saved')}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      width={560}
    >
      {answer && (
        <>
          <Alert type="warning" showIcon title={t('apps.secret_once')} style={{ marginBottom: 16 }} />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('fields.client_id')}>
              <Typography.Text copyable code data-testid="app-client-id">
                {answer.app.client_id}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.client_secret')}>
              <Typography.Text copyable code data-testid="app-secret">
                {answer.secret}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  )
}
