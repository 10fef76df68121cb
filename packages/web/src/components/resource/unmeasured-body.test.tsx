import { render } from '@testing-library/react'
import { Table, type TableProps } from 'antd'
import { expect, it } from 'vitest'
import { UNMEASURED_TABLE } from './unmeasured-body'

type Row = { id: number; name: string; firm: string }

const columns: TableProps<Row>['columns'] = [
  { key: 'name', dataIndex: 'name', title: 'Name', width: 180 },
  { key: 'firm', dataIndex: 'firm', title: 'Company', width: 180 },
  { key: 'actions', title: 'Actions', width: 120, fixed: 'right', render: () => 'edit' },
]
const rows: Row[] = [
  { id: 1, name: 'Term life', firm: 'Acme' },
  { id: 2, name: 'Home', firm: 'Globex' },
]

function drawTable(components?: TableProps<Row>['components']) {
  return render(
    <Table<Row>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      tableLayout="fixed"
      scroll={{ x: 528 }}
      rowSelection={{ fixed: true, selectedRowKeys: [] }}
      components={components}
      pagination={false}
    />,
  ).container
}

it('draws the same rows and fixed columns without rc-table measure row', () => {
  const measured = drawTable()
  const unmeasured = drawTable(UNMEASURED_TABLE)
  // rc-table measures its columns in a hidden row first in the body; this body draws none
  expect(measured.querySelectorAll('.ant-table-measure-row')).toHaveLength(1)
  expect(unmeasured.querySelectorAll('.ant-table-measure-row')).toHaveLength(0)
  const rowsOf = (container: HTMLElement) =>
    [...container.querySelectorAll('tbody tr.ant-table-row')].map((row) => row.textContent)
  expect(rowsOf(unmeasured)).toEqual(['Term lifeAcmeedit', 'HomeGlobexedit'])
  // the selection still stays at the start and the row actions at the end, at the edges
  const fixedOf = (container: HTMLElement) =>
    [...(container.querySelector('tbody tr.ant-table-row')?.children ?? [])].map(
      (cell) =>
        `${cell.className.match(/fix-(start|end)\b/)?.[0] ?? '-'} ${(cell as HTMLElement).style.cssText}`,
    )
  expect(fixedOf(unmeasured)).toEqual(fixedOf(measured))
  expect(fixedOf(unmeasured)[0]).toMatch(/^fix-start inset-inline-start: 0px/)
  expect(fixedOf(unmeasured)[3]).toMatch(/^fix-end inset-inline-end: 0px/)
})
