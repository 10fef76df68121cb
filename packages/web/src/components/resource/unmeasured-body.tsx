import type { TableProps } from 'antd'
import { createElement, type HTMLAttributes, isValidElement, type ReactNode } from 'react'

/** Whether a child of rc-table's body is its measure row (the hidden row that reads each column's width). */
function isMeasureRow(child: ReactNode): boolean {
  return (
    isValidElement(child) &&
    typeof child.props === 'object' &&
    child.props !== null &&
    'columnsKey' in child.props
  )
}

/**
 * A table body without rc-table's measure row. In its horizontal-scroll mode rc-table puts a hidden
 * row first in the body and reads each of its cells' `offsetWidth` in the commit that draws the rows,
 * which forces the page's style and layout inside that task, then draws the whole table again with
 * the widths. The widths only place the fixed columns that follow another fixed column; where every
 * fixed column sits at the table's edge (offset 0), dropping the row changes nothing drawn.
 */
function UnmeasuredBody({ children, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  // rc-table hands its body two children, the measure row (or false) and the rows: passed on as such
  const kept: ReactNode[] = Array.isArray(children) ? children : [children]
  return createElement('tbody', props, ...kept.map((child) => (isMeasureRow(child) ? null : child)))
}

/** The table's `components` for a table whose fixed columns all sit at its edges. */
export const UNMEASURED_TABLE: TableProps['components'] = { body: { wrapper: UnmeasuredBody } }
