/** A value as compared for "unsaved changes": a widget may turn an empty null into ''. */
const comparable = (value: unknown) =>
  value === null || value === undefined || value === '' ? '' : JSON.stringify(value)

/** Whether a form holds a value other than the record's: a field changed back is no change. */
export function differs(values: Record<string, unknown>, row: Record<string, unknown>): boolean {
  return Object.keys(values).some((name) => comparable(values[name]) !== comparable(row[name]))
}
