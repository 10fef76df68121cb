import { DatePicker, InputNumber, Space } from 'antd'

interface RangeInputProps {
  /** Dates (a range picker) rather than numbers (two number boxes). */
  dates: boolean
  value?: unknown
  onChange?: (value: unknown) => void
  /** The id the filter's Form.Item gives its control (its label points at it). */
  id?: string
}

/**
 * The control of a "between" filter. A chunk of its own: the date picker is the heaviest widget a
 * list can show, and most lists have no range filter, so a list loads it only when one shows.
 */
export default function RangeInput({ dates, value, onChange, ...rest }: RangeInputProps) {
  if (dates)
    return (
      <DatePicker.RangePicker
        {...rest}
        value={value as never}
        onChange={onChange}
        style={{ width: '100%' }}
        allowEmpty={[true, true]}
      />
    )
  const [from, to] = (value as [number | null, number | null] | undefined) ?? [null, null]
  return (
    <Space.Compact block>
      <InputNumber {...rest} style={{ width: '50%' }} value={from} onChange={(v) => onChange?.([v, to])} />
      <InputNumber style={{ width: '50%' }} value={to} onChange={(v) => onChange?.([from, v])} />
    </Space.Compact>
  )
}
