import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { type ECharts, init, use } from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
import { useEffect, useRef } from 'react'
import type { ChartOption } from './trend-option'

// Only the parts the app draws: this chunk is loaded when a chart first shows.
use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer])

export interface EChartProps {
  option: ChartOption
  height: number
}

/** An ECharts instance in a box: follows `option`, resizes with the box, is disposed on unmount. */
export default function EChart({ option, height }: EChartProps) {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<ECharts | undefined>(undefined)

  useEffect(() => {
    const element = box.current
    if (!element) return
    const instance = init(element, undefined, { renderer: 'svg' })
    chart.current = instance
    // The box follows the window and the sider: a change of its size redraws the chart.
    const observer = new ResizeObserver(() => instance.resize())
    observer.observe(element)
    return () => {
      observer.disconnect()
      instance.dispose()
      chart.current = undefined
    }
  }, [])

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true })
  }, [option])

  return <div ref={box} className="bd-chart__canvas" style={{ height }} />
}
