import {
  AppstoreOutlined,
  ClockCircleOutlined,
  FileSearchOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons'
import { Card, Col, Row, Skeleton, Statistic } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface DashboardStats {
  role: string
  modules: number
  pages: number
  lifetime: number
}

interface StatCardProps {
  title: string
  value: ReactNode
  suffix?: string
  icon: ReactNode
  tone: string
  loading: boolean
  /** A word rather than a number: shown smaller, on one line. */
  text?: boolean
}

function StatCard({ title, value, suffix, icon, tone, loading, text = false }: StatCardProps) {
  return (
    <Card className={`bd-stat bd-fill${text ? ' bd-stat--text' : ''}`} variant="borderless">
      <span className={`bd-stat__icon bd-stat__icon--${tone}`} aria-hidden="true">
        {icon}
      </span>
      {loading ? (
        <Skeleton active paragraph={false} title={{ width: '60%' }} />
      ) : (
        <Statistic title={title} value={value as string | number} suffix={suffix} />
      )}
    </Card>
  )
}

/** The statistics row of the backstage home page. */
export function StatCards({ stats, loading }: { stats: DashboardStats; loading: boolean }) {
  const { t } = useTranslation()
  const cards: StatCardProps[] = [
    {
      title: t('admin.stats.role'),
      value: stats.role || t('admin.stats.no_role'),
      icon: <SafetyCertificateOutlined />,
      tone: 'blue',
      loading: false,
      text: true,
    },
    {
      title: t('admin.stats.modules'),
      value: stats.modules,
      icon: <AppstoreOutlined />,
      tone: 'green',
      loading,
    },
    {
      title: t('admin.stats.pages'),
      value: stats.pages,
      icon: <FileSearchOutlined />,
      tone: 'purple',
      loading,
    },
    {
      title: t('admin.stats.lifetime'),
      value: stats.lifetime,
      suffix: t('admin.stats.minutes'),
      icon: <ClockCircleOutlined />,
      tone: 'orange',
      loading: false,
    },
  ]
  return (
    <Row gutter={[24, 24]}>
      {cards.map((card) => (
        <Col key={card.title} xs={24} sm={12} xl={6}>
          <StatCard {...card} />
        </Col>
      ))}
    </Row>
  )
}
