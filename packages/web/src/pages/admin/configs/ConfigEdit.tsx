import { Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import ResourceEditPage from '../../../components/resource/ResourceEditPage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'
import { ConfigValueInput } from './ConfigValueInput'
import { confirmSensitiveChange } from './sensitive-change'

const renderers = { value: ConfigValueInput }

/**
 * A setting: its value edited with the input of its type; a sensitive one saved once its effect is
 * confirmed; the rest is the generic form.
 */
export default function ConfigEdit(props: ResourcePageProps) {
  const { t } = useTranslation()
  const [modal, modalHolder] = Modal.useModal()
  return (
    <>
      <ResourceEditPage
        {...props}
        renderers={renderers}
        confirmSave={(values, row) =>
          confirmSensitiveChange(modal, t, { ...row, key: row.key ?? values.key }, values.value)
        }
      />
      {modalHolder}
    </>
  )
}
