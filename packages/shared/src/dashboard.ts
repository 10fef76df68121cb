import { z } from 'zod'

/**
 * The ranges of the back-office home's login charts (SPEC §2: last week, month, three months, year,
 * all) and the period each is counted in: days, weeks or months.
 */
export const LOGIN_RANGE_PERIODS = {
  week: 'day',
  month: 'day',
  three_months: 'week',
  year: 'month',
  all: 'month',
} as const

export type LoginRange = keyof typeof LOGIN_RANGE_PERIODS
export type LoginPeriod = (typeof LOGIN_RANGE_PERIODS)[LoginRange]

export const LOGIN_RANGES = Object.keys(LOGIN_RANGE_PERIODS) as LoginRange[]

/** `GET /admin/index?range=`: the last week unless another range is asked for. */
export const ZLoginSeriesQuery = z.object({
  range: z.enum(LOGIN_RANGES as [LoginRange, ...LoginRange[]]).default('week'),
})

/** One period of the charts; `start` is its first day (YYYY-MM-DD), `date` its label as the log statistics write it. */
export interface LoginSeriesPoint {
  date: string
  start: string
  login_count: number
  ip_count: number
}

/** Every period of the range, those without logins included (zero); none when nobody ever logged in. */
export interface LoginSeriesAnswer {
  range: LoginRange
  period: LoginPeriod
  data: LoginSeriesPoint[]
}

/**
 * `GET /admin/index/demo-data`: whether the home offers the demo data (an empty catalogue, an
 * environment that allows it), and how many insurance companies and products it adds.
 */
export interface DemoDataOffer {
  offered: boolean
  firms: number
  products: number
}

/** `POST /admin/index/demo-data`: what was added. */
export interface DemoDataAdded {
  firms: number
  products: number
}
