import { DatePicker, Flex, Segmented, Skeleton, Table } from 'antd'
// antd's RangePicker reads dayjs's locale, which this import keeps in the user's language.
import '../../../i18n/dayjs'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Params } from '../../../api/http'
import { CHART_HEIGHT, TrendChart } from '../../../components/charts/TrendChart'
import { optionText } from '../../../components/resource/option-label'
import { filterOptions } from '../../../components/resource/ResourceFilters'
import { PageFrame, QueryState, type ResourcePageProps } from '../../../components/resource/ResourcePage'
import { type Row, usePageData, useResourceList } from '../../../components/resource/resource-api'
import { TransferButtons } from '../../../components/resource/transfer/TransferButtons'
import type { Dayjs } from '../../../i18n/dayjs'
import { menuLabel } from '../../../i18n/menu-label'

type Range = [Dayjs | null, Dayjs | null] | null

/**
 * Log statistics: successful logins and distinct IPs grouped by day, week, month, quarter or year;
 * the periods of the table's page drawn above it, oldest first.
 */
export default function LogCountList({ resource, title }: ResourcePageProps) {
  const { t } = useTranslation()
  const page = usePageData(resource)
  const [type, setType] = useState<string>('day')
  const [range, setRange] = useState<Range>(null)
  const [pageNo, setPageNo] = useState(1)
  const [perPage, setPerPage] = useState(15)
  const side = (day: Dayjs | null | undefined) => day?.format('YYYY-MM-DD') ?? ''
  const filters: Params = {
    type,
    created_at: range && (range[0] || range[1]) ? `${side(range[0])},${side(range[1])}` : undefined,
  }
  const list = useResourceList(
    resource,
    { ...filters, page: pageNo, per_page: perPage, get_count: 1 },
    Boolean(page.data),
  )
  const chart = useMemo(() => {
    const rows = [...(list.data?.data ?? [])].sort((a, b) => String(a.date).localeCompare(String(b.date)))
    const values = (key: string) => rows.map((row) => Number(row[key] ?? 0))
    return {
      categories: rows.map((row) => String(row.date)),
      series: [
        { name: t('fields.login_count'), values: values('login_count') },
        { name: t('fields.ip_count'), values: values('ip_count') },
      ],
    }
  }, [list.data, t])
  if (!page.data) {
    return (
      <PageFrame title={menuLabel(title)}>
        <QueryState error={page.error} loading={page.isPending} />
      </PageFrame>
    )
  }
  const typeFilter = page.data.filters.find((filter) => filter.name === 'type')
  const types = typeFilter ? filterOptions(page.data, typeFilter) : []
  const label = (name: string) => t(`fields.${name}`)
  return (
    <PageFrame title={menuLabel(title)}>
      <Flex vertical gap={16}>
        <Flex wrap gap={12} align="center" justify="space-between">
          <Flex wrap gap={12} align="center">
            <Segmented
              aria-label={t('list.group_by')}
              value={type}
              options={types.map((option) => ({ value: String(option.value), label: optionText(t, option) }))}
              onChange={(value) => {
                setType(String(value))
                setPageNo(1)
              }}
            />
            <DatePicker.RangePicker
              aria-label={t('list.date_range')}
              allowEmpty={[true, true]}
              value={range}
              onChange={(value) => {
                setRange(value as Range)
                setPageNo(1)
              }}
            />
          </Flex>
          <TransferButtons
            resource={resource}
            canExport={page.data.actions.includes('export')}
            canImport={false}
            params={filters}
            fields={page.data.fields.filter((field) => field.export)}
          />
        </Flex>
        {list.data ? (
          <TrendChart
            kind="bar"
            title={menuLabel(title)}
            categories={chart.categories}
            series={chart.series}
            emptyText={t('admin.charts.empty')}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} style={{ height: CHART_HEIGHT }} />
        )}
        <Table<Row>
          rowKey={(row) => String(row.date)}
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.data ?? []}
          columns={page.data.columns.map((column) => ({
            key: column,
            dataIndex: column,
            title: label(column),
          }))}
          onChange={(pagination) => {
            setPageNo(pagination.current ?? 1)
            setPerPage(pagination.pageSize ?? perPage)
          }}
          pagination={{
            current: pageNo,
            pageSize: perPage,
            pageSizeOptions: page.data.per_page_options,
            showSizeChanger: true,
            total: list.data?.total ?? 0,
            showTotal: (total) => t('list.total', { total }),
          }}
        />
      </Flex>
    </PageFrame>
  )
}
