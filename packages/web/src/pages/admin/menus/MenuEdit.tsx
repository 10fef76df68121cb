import { MENU_ONLY_OPTIONS, type OptionItem, type TreeOptionItem } from '@brokerdesk/shared'
import { Checkbox } from 'antd'
import { useTranslation } from 'react-i18next'
import { FieldInput } from '../../../components/resource/inputs/FieldInput'
import ResourceEditPage from '../../../components/resource/ResourceEditPage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'
import { menuLabel } from '../../../i18n/menu-label'

type Options = readonly (OptionItem | TreeOptionItem)[]

/** The parent choices are menu items, named in English in the table: shown translated. */
function translated(options: Options): TreeOptionItem[] {
  return options.map((option) => ({
    ...option,
    label: menuLabel(String(option.label)),
    ...('children' in option && option.children ? { children: translated(option.children) } : {}),
  }))
}

/**
 * A menu item: the generic form, with the parent tree translated and the sub-permissions of a
 * resource (`options.only`) as checkboxes, none ticked meaning all seven.
 */
export default function MenuEdit(props: ResourcePageProps) {
  const { t } = useTranslation()
  return (
    <ResourceEditPage
      {...props}
      extras={{ options: t('access.only_hint') }}
      renderers={{
        parent_id: ({ values: _, options, ...rest }) => (
          <FieldInput {...rest} options={translated(options)} />
        ),
        options: ({ value, onChange, disabled }) => (
          <Checkbox.Group
            disabled={disabled}
            options={MENU_ONLY_OPTIONS.map((option) => ({
              value: option.value,
              label: t(String(option.label)),
            }))}
            value={(value as { only?: string[] } | null)?.only ?? []}
            onChange={(only) => onChange?.(only.length > 0 ? { only } : null)}
          />
        ),
      }}
    />
  )
}
