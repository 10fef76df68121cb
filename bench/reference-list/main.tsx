// The reference of bench/first-rows.mjs: a bare React + antd Table page that asks the same list API
// with the same session and draws the same columns as /admin/products. Nothing else: no router, no
// layout, no menu, no i18n, no page data.
import { Button, ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import { useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { fetchList, type ListAnswer, ReferenceTable } from './reference-table'

function ReferenceList() {
  const [answer, setAnswer] = useState<ListAnswer>()
  useEffect(() => {
    fetchList().then(setAnswer)
  }, [])
  return <ReferenceTable answer={answer} />
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
