import { Form, type FormInstance, type FormProps } from 'antd'
import { useMemo, useState } from 'react'
import { splitServerErrors } from './server-errors'
import { isLazySchema, type SchemaSource, schemaAtHand, type ZodRuleOptions, zodField } from './zod-rule'

type Values = Record<string, unknown>

/**
 * Puts a 422's messages (already in the user's language) under the fields the form shows; answers
 * the messages of fields it does not show, for the caller to put elsewhere; fields in `ignore` are left
 * out. Other errors answer [].
 */
export function showServerErrors(
  form: FormInstance,
  error: unknown,
  options: { ignore?: readonly string[] } = {},
): string[] {
  const { fields, rest } = splitServerErrors(
    error,
    new Set(Object.keys(form.getFieldsValue())),
    options.ignore,
  )
  form.setFields(fields)
  return rest
}

/**
 * Sending a form: `submitting` while `send` runs; when the server refuses, its messages go under the
 * fields and the first one for no shown field into `notice` (shown above the form).
 */
export function useSubmission(form: FormInstance) {
  const [submitting, setSubmitting] = useState(false)
  const [notice, setNotice] = useState('')
  const submit = async (send: () => Promise<void>) => {
    setSubmitting(true)
    setNotice('')
    try {
      await send()
    } catch (error) {
      const rest = showServerErrors(form, error)
      if (rest.length > 0) setNotice(rest[0])
    } finally {
      setSubmitting(false)
    }
  }
  return { submitting, notice, submit }
}

/**
 * A form validated with a shared zod schema: `field(name)` gives a Form.Item's name and rules,
 * `formProps` the form itself (a `<x>_confirmation` the user has touched is checked again when `<x>`
 * changes). A lazy schema (`lazySchema`) starts loading when the form gets the focus.
 */
export function useZodForm<T extends object = Values>(schema: SchemaSource) {
  const [form] = Form.useForm<T>()
  return useMemo(() => {
    const byName = form as FormInstance
    const onValuesChange: FormProps<T>['onValuesChange'] = (changed) => {
      const shape = schemaAtHand(schema)?.shape ?? {}
      for (const name of Object.keys(changed as Values)) {
        const confirmation = `${name}_confirmation`
        if (confirmation in shape && byName.isFieldTouched(confirmation)) {
          byName.validateFields([confirmation]).catch(() => undefined)
        }
      }
    }
    const onFocus = isLazySchema(schema) ? () => void schema.load().catch(() => undefined) : undefined
    return {
      form,
      field: (name: keyof T & string, options?: ZodRuleOptions) => zodField(schema, name, options),
      formProps: {
        form,
        onValuesChange,
        onFocus,
        layout: 'vertical',
        requiredMark: false,
      } satisfies FormProps<T>,
    }
  }, [form, schema])
}
