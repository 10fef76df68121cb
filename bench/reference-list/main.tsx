// The reference of bench/first-rows.mjs: a bare React + antd Table page that asks the same list API
// with the same session and draws the same columns as /admin/products. Nothing else: no router, no
// layout, no menu, no i18n, no page data.
import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import { Button, ConfigProvider, Space, Table } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import { useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'

interface Product {
  id: number
  uid: string
  name: string
  firm_name: string
  status: number
  issue_at: string | null
  stop_at: string | null
}

interface ListAnswer {
  data: Product[]
  current_page: number
  per_page: number
  last_page: number
}

const LIST_URL = '/web-api/admin/products/list?page=1&per_page=15&json=1'
const date = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '--')

function ReferenceList() {
  const [answer, setAnswer] = useState<ListAnswer>()
  useEffect(() => {
    fetch(LIST_URL, { credentials: 'same-origin', headers: { 'X-Requested-With': 'XMLHttpRequest' } })
      .then((response) => response.json())
      .then(setAnswer)
  }, [])
  return (
    <Table<Product>
      rowKey="id"
      loading={!answer}
      dataSource={answer?.data}
      rowSelection={{}}
      pagination={{ current: answer?.current_page ?? 1, pageSize: 15, total: (answer?.last_page ?? 1) * 15 }}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: '名称', dataIndex: 'name', width: 200 },
        { title: '保险公司', dataIndex: 'firm_name' },
        {
          title: '状态',
          dataIndex: 'status',
          sorter: true,
          render: (status: number) => (status === 1 ? '在售' : '停售'),
        },
        { title: '发布时间', dataIndex: 'issue_at', sorter: true, render: date },
        { title: '停售日期', dataIndex: 'stop_at', sorter: true, render: date },
        { title: 'ID', dataIndex: 'id', sorter: true },
        { title: '唯一标识', dataIndex: 'uid' },
        {
          title: '操作',
          fixed: 'right',
          render: () => (
            <Space>
              <Button type="link" size="small" icon={<EditOutlined />} aria-label="编辑" />
              <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label="删除" />
            </Space>
          ),
        },
      ]}
    />
  )
}

/** With `?click=1` a button stands for the menu link: the list is asked for and drawn on its click. */
function ReferencePage() {
  const [shown, setShown] = useState(!new URLSearchParams(location.search).has('click'))
  if (shown) return <ReferenceList />
  return (
    <Button id="show-list" onClick={() => setShown(true)}>
      保险产品
    </Button>
  )
}

const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <ConfigProvider locale={zhCN}>
      <ReferencePage />
    </ConfigProvider>,
  )
