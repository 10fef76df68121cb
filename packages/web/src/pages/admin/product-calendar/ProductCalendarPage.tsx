import { LeftOutlined, RightOutlined } from '@ant-design/icons'
import type { ProductCalendarEntry } from '@brokerdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Calendar, DatePicker, Empty, Flex, Grid, List, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { http } from '../../../api/http'
import { PageFrame, QueryState, type ResourcePageProps } from '../../../components/resource/ResourcePage'
import { type Dayjs, dayjs } from '../../../i18n/dayjs'
import { menuLabel } from '../../../i18n/menu-label'
import './product-calendar.css'

const URL = '/admin/product-calendar'
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

interface CalendarAnswer {
  month: string
  entries: ProductCalendarEntry[]
  truncated: boolean
}

function EntryTag({ entry }: { entry: ProductCalendarEntry }) {
  const { t } = useTranslation()
  return (
    <Tag color={entry.change === 'release' ? 'green' : 'red'} className="bd-calendar__tag">
      {t(`product_calendar.${entry.change}`)} ·{' '}
      <Link to={`/admin/products/${entry.product_id}`}>{entry.name}</Link>
    </Tag>
  )
}

/**
 * /admin/product-calendar: the products a month releases (to 在售 at their release time) and stops
 * (to 停售 on their closing date), by day — the changes the sale calendar job makes. A month grid on
 * wide screens, a list of days on a phone.
 */
export default function ProductCalendarPage({ title }: ResourcePageProps) {
  const { t } = useTranslation()
  const screens = Grid.useBreakpoint()
  const [search, setSearch] = useSearchParams()
  const asked = search.get('month') ?? ''
  const month = MONTH.test(asked) ? asked : dayjs().format('YYYY-MM')
  const shown = dayjs(`${month}-01`)
  const calendar = useQuery({
    queryKey: ['product-calendar', month],
    queryFn: () => http.get<CalendarAnswer>(URL, { month }),
  })
  const go = (to: Dayjs) => setSearch({ month: to.format('YYYY-MM') }, { replace: true })
  const byDay = new Map<string, ProductCalendarEntry[]>()
  for (const entry of calendar.data?.entries ?? [])
    byDay.set(entry.date, [...(byDay.get(entry.date) ?? []), entry])

  const header = (
    <Flex align="center" gap={8} wrap>
      <Button
        icon={<LeftOutlined />}
        aria-label={t('product_calendar.previous')}
        onClick={() => go(shown.subtract(1, 'month'))}
      />
      <DatePicker
        picker="month"
        allowClear={false}
        value={shown}
        onChange={(value) => value && go(value)}
        aria-label={t('product_calendar.month')}
      />
      <Button
        icon={<RightOutlined />}
        aria-label={t('product_calendar.next')}
        onClick={() => go(shown.add(1, 'month'))}
      />
      <Button onClick={() => go(dayjs())}>{t('product_calendar.this_month')}</Button>
    </Flex>
  )

  return (
    <PageFrame title={menuLabel(title)}>
      <Flex vertical gap={12}>
        {header}
        <Typography.Text type="secondary">{t('product_calendar.intro')}</Typography.Text>
        {!calendar.data ? (
          <QueryState error={calendar.error} loading={calendar.isPending} />
        ) : screens.md ? (
          <Calendar
            value={shown}
            headerRender={() => null}
            onPanelChange={go}
            fullCellRender={(date, info) =>
              info.type === 'date' ? (
                <div
                  className={`bd-calendar__cell${date.isSame(dayjs(), 'day') ? ' bd-calendar__cell--today' : ''}`}
                >
                  <div className="bd-calendar__day">{date.date()}</div>
                  {date.month() === shown.month() &&
                    (byDay.get(date.format('YYYY-MM-DD')) ?? []).map((entry) => (
                      <EntryTag key={`${entry.change}-${entry.product_id}`} entry={entry} />
                    ))}
                </div>
              ) : (
                info.originNode
              )
            }
          />
        ) : byDay.size === 0 ? (
          <Empty description={t('product_calendar.none')} />
        ) : (
          <List
            dataSource={[...byDay.entries()]}
            renderItem={([day, entries]) => (
              <List.Item>
                <Flex vertical gap={4}>
                  <Typography.Text strong>{dayjs(day).format('LL')}</Typography.Text>
                  {entries.map((entry) => (
                    <EntryTag key={`${entry.change}-${entry.product_id}`} entry={entry} />
                  ))}
                </Flex>
              </List.Item>
            )}
          />
        )}
        {calendar.data?.truncated && (
          <Typography.Text type="warning">{t('product_calendar.truncated')}</Typography.Text>
        )}
        {screens.md && calendar.data && byDay.size === 0 && (
          <Typography.Text type="secondary">{t('product_calendar.none')}</Typography.Text>
        )}
      </Flex>
    </PageFrame>
  )
}
