import './charts.css'
import { RTL_LANGUAGES } from '@brokerdesk/shared'
import { theme as antdTheme, Empty, Skeleton } from 'antd'
import { useMemo } from 'react'
import { lazyPart } from '../../app/lazy-part'
import { useLocaleState } from '../../i18n/language'
import { buildTrendOption, type TrendSeries } from './trend-option'
import { useInViewOnce } from './use-in-view-once'

/**
 * echarts and its parts load in their own chunk, the first time a chart is shown (or asked ahead); the
 * chart's placeholder holds its place meanwhile.
 */
const EChart = lazyPart(
  () => import('./EChart'),
  ({ height }) => <ChartPlaceholder height={height} />,
)

/** Starts loading echarts while a chart's data is still on its way. */
export function preloadCharts(): void {
  void EChart.preload()
}

/** A chart's height unless it says otherwise: what a page reserves for it while its data loads. */
export const CHART_HEIGHT = 280

/** A chart's place while its data or echarts loads: its height, so nothing below it moves when it comes. */
export function ChartPlaceholder({ height = CHART_HEIGHT }: { height?: number }) {
  return <Skeleton active title={false} paragraph={{ rows: 6 }} style={{ height }} />
}

export interface TrendChartProps {
  /** What the chart shows; with its values, the text screen readers read. */
  title: string
  categories: string[]
  series: TrendSeries[]
  kind?: 'line' | 'bar'
  height?: number
  /** Shown instead of the chart when every value is zero or there are none. */
  emptyText: string
}

/** Values over periods, drawn in the colours, font, number format and direction of the current theme and language. */
export function TrendChart({
  title,
  categories,
  series,
  kind = 'line',
  height = CHART_HEIGHT,
  emptyText,
}: TrendChartProps) {
  const { token } = antdTheme.useToken()
  const { language } = useLocaleState()
  // echarts loads and draws once the chart's place is scrolled into view (below a phone's fold it waits).
  const [box, seen] = useInViewOnce<HTMLDivElement>()
  const option = useMemo(() => {
    const numbers = new Intl.NumberFormat(language)
    return buildTrendOption({
      categories,
      series,
      kind,
      rtl: RTL_LANGUAGES.includes(language),
      animation: token.motion !== false,
      formatNumber: (value) => numbers.format(value),
      palette: {
        series: [token.colorPrimary, token.colorSuccess, token.colorWarning],
        text: token.colorTextSecondary,
        axis: token.colorBorder,
        split: token.colorBorderSecondary,
        tooltip: token.colorBgElevated,
        fontFamily: token.fontFamily,
      },
    })
  }, [categories, series, kind, language, token])

  const hasData = series.some((one) => one.values.some((value) => value > 0))
  if (!hasData) {
    return (
      <Empty
        className="bd-chart__empty"
        style={{ minHeight: height }}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={emptyText}
      />
    )
  }
  const summary = series
    .map(
      (one) => `${one.name}: ${categories.map((category, i) => `${category} ${one.values[i]}`).join(', ')}`,
    )
    .join('; ')
  return (
    <div ref={box} className="bd-chart" role="img" aria-label={`${title}. ${summary}`}>
      {seen ? <EChart option={option} height={height} /> : <ChartPlaceholder height={height} />}
    </div>
  )
}
