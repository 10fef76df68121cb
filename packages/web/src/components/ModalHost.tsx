import { Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { closeModal, useModal } from '../state/modal'

/** The one prompt modal of the shared state (e.g. the forced-logout notice). */
export function ModalHost() {
  const { t } = useTranslation()
  const modal = useModal()
  const cancel = () => {
    closeModal()
    modal.onCancel?.()
  }
  return (
    <Modal
      open={modal.open}
      title={modal.title}
      okText={t('http.ok')}
      cancelText={t('http.cancel')}
      closable={modal.closable}
      keyboard={modal.closable}
      mask={{ closable: modal.closable }}
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {modal.showCancel && <CancelBtn />}
          <OkBtn />
        </>
      )}
      onOk={() => {
        closeModal()
        modal.onOk?.()
      }}
      onCancel={cancel}
    >
      {modal.content}
    </Modal>
  )
}
