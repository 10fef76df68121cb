// The stack reference: the bare reference's table (reference-table.tsx) inside the libraries
// DESIGN.md names for the SPA, used as simply as they can be — react-router 7's browser router, an
// i18next instance with react-i18next, @tanstack/react-query asking the list. Nothing of the app:
// no layout, menu, filters, toolbar or texts. What it weighs and costs beyond the bare reference is
// those three libraries' floor, which any page of the SPA pays (bench/page-weight.mjs,
// bench/lighthouse.mjs print it beside ours).
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { Button, ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import i18next from 'i18next'
import { createRoot } from 'react-dom/client'
import { initReactI18next, useTranslation } from 'react-i18next'
import { createBrowserRouter, Outlet, RouterProvider, useNavigate, useSearchParams } from 'react-router'
import { fetchList, ReferenceTable } from './reference-table'

const TEXTS = { products: '保险产品' }
void i18next.use(initReactI18next).init({ lng: 'zh-CN', resources: { 'zh-CN': { translation: TEXTS } } })
const queries = new QueryClient()

function StackList() {
  const { data } = useQuery({ queryKey: ['products', 'list', 1], queryFn: fetchList })
  return <ReferenceTable answer={data} />
}

/** With `?click=1` a button stands for the menu link: it moves to the list's address. */
function StackPage() {
  const { t } = useTranslation()
  const [search] = useSearchParams()
  const navigate = useNavigate()
  if (!search.has('click')) return <StackList />
  return (
    <Button id="show-list" onClick={() => navigate('/reference-stack/index.html')}>
      {t('products')}
    </Button>
  )
}

const router = createBrowserRouter([
  { element: <Outlet />, children: [{ path: '*', element: <StackPage /> }] },
])

const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <QueryClientProvider client={queries}>
      <ConfigProvider locale={zhCN}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </QueryClientProvider>,
  )
