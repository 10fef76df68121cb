import { describeIssue } from '@brokerdesk/shared/validation/issues'
import type { FormItemProps } from 'antd'
import type { Rule } from 'antd/es/form'
import type { z } from 'zod'
import { i18n } from '../i18n/i18n'

/** An object schema of the shared package, e.g. ZRegisterInput. */
export type ObjectSchema = z.ZodObject<z.ZodRawShape>

/**
 * A form's schema loaded on first use (`lazySchema`): a first page's form then does not wait for zod
 * and the shared rules. The form starts loading it when it gets the focus; a rule waits for it.
 */
export interface LazySchema {
  load: () => Promise<ObjectSchema>
  /** Once loaded. */
  loaded?: ObjectSchema
}

export type SchemaSource = ObjectSchema | LazySchema

export function lazySchema(loader: () => Promise<ObjectSchema>): LazySchema {
  let pending: Promise<ObjectSchema> | undefined
  const lazy: LazySchema = {
    load: () => {
      pending ??= loader().then(
        (schema) => {
          lazy.loaded = schema
          return schema
        },
        (error: unknown) => {
          pending = undefined
          throw error
        },
      )
      return pending
    },
  }
  return lazy
}

export function isLazySchema(source: SchemaSource): source is LazySchema {
  return !('_zod' in source)
}

/** The schema itself, when it is at hand (a lazy one once loaded). */
export function schemaAtHand(source: SchemaSource): ObjectSchema | undefined {
  return isLazySchema(source) ? source.loaded : source
}
type Issue = z.core.$ZodIssue
type Values = Record<string, unknown>

/** A field's label: `fields.{name}`, or the raw name (SPEC §5). */
export function fieldLabel(field: string): string {
  return i18n.t(`fields.${field}`, { defaultValue: field })
}

/**
 * Words one zod issue of the shared rules: `validations.messages.{rule}` with the field's label and
 * the rule's numbers. The min/max messages speak of a `{length}`, as on the server.
 */
export function issueMessage(issue: Issue, label: string): string {
  const { key, params } = describeIssue(issue)
  const values: Record<string, string | number> = { ...params }
  if (values.length === undefined) {
    const length = key.endsWith('.min') ? values.min : key.endsWith('.max') ? values.max : undefined
    if (length !== undefined) values.length = length
  }
  return i18n.t(key, { ...values, field: label })
}

/** The object's own refinements (e.g. `confirmed`), run even while other fields are still empty. */
function refinementIssues(schema: ObjectSchema, values: Values): Issue[] {
  const payload = { value: values, issues: [] as Issue[] }
  for (const check of schema._zod.def.checks ?? []) {
    try {
      void check._zod.check(payload as unknown as Parameters<typeof check._zod.check>[0])
    } catch {
      // A refinement that cannot judge half-filled values leaves the verdict to the server.
    }
  }
  return payload.issues
}

/**
 * The first failure of `field` in `values` (SPEC §5 stops at the first): its own schema first (an
 * empty input counts as nothing entered), then the object's refinements on that field.
 */
export function firstIssue(schema: ObjectSchema, field: string, values: Values): Issue | undefined {
  const own = schema.shape[field] as z.ZodType | undefined
  if (own) {
    const value = values[field] === '' ? undefined : values[field]
    const result = own.safeParse(value)
    if (!result.success) return result.error.issues[0]
  }
  return refinementIssues(schema, values).find((issue) => issue.path[0] === field)
}

export interface ZodRuleOptions {
  /** The label the message names, when the form shows another than `fields.{name}`. */
  label?: string
}

/**
 * An antd Form rule that checks `field` with the shared schema, against the whole form's values. A
 * lazy schema that cannot be loaded (offline) leaves the verdict to the server.
 */
export function zodRule(source: SchemaSource, field: string, options: ZodRuleOptions = {}): Rule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const values = { ...(getFieldsValue(true) as Values) }
      const schema = isLazySchema(source) ? await source.load().catch(() => undefined) : source
      if (!schema) return
      const issue = firstIssue(schema, field, values)
      if (issue) throw new Error(issueMessage(issue, options.label ?? fieldLabel(field)))
    },
  })
}

/** Everything a Form.Item needs to validate `field` aggressively (on change and on blur) with the shared schema. */
export function zodField(
  schema: SchemaSource,
  field: string,
  options: ZodRuleOptions = {},
): Pick<FormItemProps, 'name' | 'rules' | 'validateTrigger'> {
  return { name: field, rules: [zodRule(schema, field, options)], validateTrigger: ['onChange', 'onBlur'] }
}
