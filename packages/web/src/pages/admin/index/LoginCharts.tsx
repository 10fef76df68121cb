import { LOGIN_RANGES, type LoginRange, type LoginSeriesAnswer } from '@brokerdesk/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Card, Col, Flex, Row, Segmented } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { http } from '../../../api/http'
import { useHeldRoutes } from '../../../app/permissions'
import { formatPeriodStart } from '../../../components/charts/period-label'
import { ChartPlaceholder, preloadCharts, TrendChart } from '../../../components/charts/TrendChart'
import { useInViewOnce } from '../../../components/charts/use-in-view-once'
import { LazyAlert } from '../../../components/LazyAlert'
import { useLocaleState } from '../../../i18n/language'
import { useMenuName } from '../../../i18n/menu-label'

function useLoginSeries(range: LoginRange) {
  return useQuery({
    queryKey: ['dashboard', 'logins', range],
    queryFn: () => http.get<LoginSeriesAnswer>('/admin/index', { range }),
    placeholderData: keepPreviousData,
  })
}

/** The back-office home's charts: successful logins and distinct IPs over the chosen range (SPEC §2). */
export function LoginCharts() {
  const { t } = useTranslation()
  const { language } = useLocaleState()
  const can = useHeldRoutes()
  const logCountsName = useMenuName('/admin/log-counts')
  const [range, setRange] = useState<LoginRange>('week')
  const series = useLoginSeries(range)
  // echarts loads beside the statistics, not after them, once the charts' row is in view: below a
  // phone's fold it waits for the reader to scroll to it.
  const [chartsRow, seen] = useInViewOnce<HTMLDivElement>()
  useEffect(() => {
    if (seen) preloadCharts()
  }, [seen])
  const answer = series.data
  const categories = useMemo(
    () => answer?.data.map((point) => formatPeriodStart(point.start, answer.period, language)) ?? [],
    [answer, language],
  )
  // Kept between renders: a new series would redraw (and animate) the chart again.
  const charts = useMemo(() => {
    const chart = (key: 'login_count' | 'ip_count') => {
      const name = t(`fields.${key}`)
      return { key, name, series: [{ name, values: answer?.data.map((point) => point[key]) ?? [] }] }
    }
    return [chart('login_count'), chart('ip_count')]
  }, [answer, t])
  // The range of the data shown: while another range loads, the previous one stays on screen.
  const rangeLabel = answer ? t(`admin.charts.ranges.${answer.range}`) : ''

  return (
    <Card
      title={t('admin.charts.title')}
      extra={can('/admin/log-counts/list', 'GET') && <Link to="/admin/log-counts">{logCountsName}</Link>}
    >
      <Flex vertical gap={16}>
        <Segmented<LoginRange>
          aria-label={t('admin.charts.range')}
          value={range}
          onChange={setRange}
          options={LOGIN_RANGES.map((value) => ({ value, label: t(`admin.charts.ranges.${value}`) }))}
          className="bd-chart-ranges"
        />
        {series.isError ? (
          // antd's Alert loads only when the statistics fail: it kept two files in the home's first load.
          <LazyAlert type="error" showIcon title={t('http.server_error')} />
        ) : (
          // While the numbers load, each chart's place is held at its height under its title: a
          // skeleton of another height moved the modules below it down (a layout shift of 0.045).
          <Row ref={chartsRow} gutter={[24, 24]}>
            {charts.map((chart) => (
              <Col key={chart.key} xs={24} lg={12}>
                <h3 className="bd-chart-panel__title">{chart.name}</h3>
                {answer ? (
                  <TrendChart
                    title={`${chart.name} · ${rangeLabel}`}
                    categories={categories}
                    series={chart.series}
                    emptyText={t('admin.charts.empty')}
                  />
                ) : (
                  <ChartPlaceholder />
                )}
              </Col>
            ))}
          </Row>
        )}
      </Flex>
    </Card>
  )
}
