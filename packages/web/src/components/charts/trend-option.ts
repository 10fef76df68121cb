import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts'
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components'
import type { ComposeOption } from 'echarts/core'

/** The option of the charts this app draws: only the parts registered in the chart chunk. */
export type ChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>

export interface TrendSeries {
  name: string
  values: number[]
}

/** The colours and font of the current antd theme that a chart takes over. */
export interface ChartPalette {
  series: string[]
  text: string
  axis: string
  split: string
  tooltip: string
  fontFamily: string
}

export interface TrendOptionInput {
  categories: string[]
  series: TrendSeries[]
  kind: 'line' | 'bar'
  palette: ChartPalette
  /** Right-to-left languages read time from right to left, the value axis on the right. */
  rtl: boolean
  animation: boolean
  formatNumber: (value: number) => string
}

/** A chart of values over periods: lines (with a light area) or bars, a legend when there are several. */
export function buildTrendOption(input: TrendOptionInput): ChartOption {
  const { palette, series, rtl } = input
  const several = series.length > 1
  const axisLabel = { color: palette.text, fontFamily: palette.fontFamily }
  return {
    animation: input.animation,
    color: palette.series,
    textStyle: { fontFamily: palette.fontFamily },
    grid: { left: 8, right: 16, top: several ? 40 : 16, bottom: 8, outerBoundsMode: 'same' },
    legend: { show: several, top: 0, textStyle: { color: palette.text }, icon: 'roundRect' },
    tooltip: {
      trigger: 'axis',
      backgroundColor: palette.tooltip,
      borderColor: palette.split,
      textStyle: { color: palette.text, fontFamily: palette.fontFamily },
      valueFormatter: (value) => input.formatNumber(Number(value)),
    },
    xAxis: {
      type: 'category',
      data: input.categories,
      inverse: rtl,
      boundaryGap: input.kind === 'bar',
      axisTick: { show: false },
      axisLine: { lineStyle: { color: palette.axis } },
      axisLabel: { ...axisLabel, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      position: rtl ? 'right' : 'left',
      axisLabel: { ...axisLabel, formatter: (value: number) => input.formatNumber(value) },
      splitLine: { lineStyle: { color: palette.split } },
    },
    series: series.map((one) =>
      input.kind === 'bar'
        ? { type: 'bar', name: one.name, data: one.values, barMaxWidth: 28 }
        : {
            type: 'line',
            name: one.name,
            data: one.values,
            smooth: true,
            // No bulge beyond the values: a count never dips below zero between two periods.
            smoothMonotone: 'x',
            showSymbol: one.values.length <= 31,
            areaStyle: { opacity: 0.12 },
          },
    ),
  }
}
