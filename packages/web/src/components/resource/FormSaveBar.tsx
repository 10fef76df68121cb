import { Button, Space } from 'antd'
import { useTranslation } from 'react-i18next'

interface FormSaveBarProps {
  /** The form may be saved (the user holds create or update). */
  editable: boolean
  dirty: boolean
  saving: boolean
  onCancel: () => void
}

/**
 * The bar at the bottom of a resource form, kept in view while the form scrolls (position: sticky):
 * Save and Cancel, and whether changes are unsaved.
 */
export function FormSaveBar({ editable, dirty, saving, onCancel }: FormSaveBarProps) {
  const { t } = useTranslation()
  return (
    <div className="bd-form-bar">
      <span className="bd-form-bar__state" role="status">
        {editable && dirty ? t('forms.unsaved') : ''}
      </span>
      <Space>
        <Button disabled={false} onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        {editable && (
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('actions.save')}
          </Button>
        )}
      </Space>
    </div>
  )
}
