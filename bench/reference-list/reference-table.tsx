// The table both reference pages draw (main.tsx: bare; stack.tsx: inside DESIGN.md's libraries): the
// columns, widths, sorts and fixed sides /admin/products shows at 1440 px, drawing a list answer.
import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import { Button, Space, Table } from 'antd'
import dayjs from 'dayjs'

interface Product {
  id: number
  uid: string
  name: string
  firm_name: string
  classify_name: string | null
  classify2_name: string | null
  pclassify_name: string | null
  is_long_time: number
  pay_type: number
  status: number
  issue_at: string | null
  stop_at: string | null
  created_at: string | null
}

export interface ListAnswer {
  data: Product[]
  current_page: number
  per_page: number
  last_page: number
}

export const LIST_URL = '/web-api/admin/products/list?page=1&per_page=15&json=1'
const date = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '--')
const text = (value: string | null) => value ?? '--'
const STATUS: Record<number, string> = { 0: '停售', 1: '在售', 2: '停用' }
const PAY_TYPES: [number, string][] = [
  [1, '趸交'],
  [2, '期交'],
  [4, '灵活交'],
]
const payTypes = (value: number) =>
  PAY_TYPES.filter(([bit]) => (value & bit) === bit)
    .map(([, label]) => label)
    .join(', ') || '--'

/** The list as the server answered it (its first page). */
export const fetchList = (): Promise<ListAnswer> =>
  fetch(LIST_URL, { credentials: 'same-origin', headers: { 'X-Requested-With': 'XMLHttpRequest' } }).then(
    (response) => response.json(),
  )

/** The table, loading until the answer comes. */
export function ReferenceTable({ answer }: { answer: ListAnswer | undefined }) {
  return (
    <Table<Product>
      rowKey="id"
      loading={!answer}
      dataSource={answer?.data}
      rowSelection={{}}
      pagination={{ current: answer?.current_page ?? 1, pageSize: 15, total: (answer?.last_page ?? 1) * 15 }}
      scroll={{ x: 1888 }}
      tableLayout="fixed"
      columns={[
        // The columns, widths, sorts and fixed sides /admin/products shows at 1440 px (list-columns.ts,
        // use-table-columns.tsx); the table as wide as its columns and the selection's 48 px.
        { title: '名称', dataIndex: 'name', width: 180, fixed: 'left' },
        { title: '保险公司', dataIndex: 'firm_name', width: 180 },
        {
          title: '状态',
          dataIndex: 'status',
          width: 104,
          sorter: true,
          render: (value: number) => STATUS[value] ?? '--',
        },
        { title: '发布时间', dataIndex: 'issue_at', width: 170, sorter: true, render: date },
        { title: '停售日期', dataIndex: 'stop_at', width: 116, sorter: true, render: date },
        { title: 'ID', dataIndex: 'id', width: 80, sorter: true, ellipsis: true },
        { title: '唯一标识', dataIndex: 'uid', width: 128, ellipsis: true },
        { title: '一级分类', dataIndex: 'classify_name', width: 128, ellipsis: true, render: text },
        { title: '二级分类', dataIndex: 'classify2_name', width: 128, ellipsis: true, render: text },
        { title: '险种分组', dataIndex: 'pclassify_name', width: 128, ellipsis: true, render: text },
        {
          title: '长期险种',
          dataIndex: 'is_long_time',
          width: 104,
          ellipsis: true,
          render: (value: number) => (value === 1 ? '长险' : '短险'),
        },
        { title: '交费方式', dataIndex: 'pay_type', width: 104, ellipsis: true, render: payTypes },
        {
          title: '创建时间',
          dataIndex: 'created_at',
          width: 170,
          ellipsis: true,
          sorter: true,
          render: date,
        },
        {
          title: '操作',
          fixed: 'right',
          width: 120,
          render: () => (
            <Space size={0}>
              <Button type="link" size="small" icon={<EditOutlined />} aria-label="编辑" />
              <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label="删除" />
            </Space>
          ),
        },
      ]}
    />
  )
}
