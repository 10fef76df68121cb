import { CONFIG_ITYPE } from '@brokerdesk/shared'
import { LazyMarkdownEditor } from '../../../components/editors/LazyEditors'
import { FieldInput } from '../../../components/resource/inputs/FieldInput'
import ResourceEditPage from '../../../components/resource/ResourceEditPage'
import type { ResourcePageProps } from '../../../components/resource/ResourcePage'

const MARKDOWN = CONFIG_ITYPE.find((option) => option.label.endsWith('.markdown'))?.value

/** A setting: its value edited with the markdown editor and live preview when its input kind is markdown. */
export default function ConfigEdit(props: ResourcePageProps) {
  return (
    <ResourceEditPage
      {...props}
      renderers={{
        value: ({ values, ...rest }) =>
          values.itype === MARKDOWN ? (
            <LazyMarkdownEditor
              id={rest.id}
              disabled={rest.disabled}
              value={rest.value as string | null}
              onChange={rest.onChange}
            />
          ) : (
            <FieldInput {...rest} />
          ),
      }}
    />
  )
}
