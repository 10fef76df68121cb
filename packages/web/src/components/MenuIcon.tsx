import {
  AppstoreOutlined,
  AreaChartOutlined,
  BankOutlined,
  BarChartOutlined,
  BlockOutlined,
  ClockCircleOutlined,
  ClusterOutlined,
  CodeOutlined,
  CommentOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  GlobalOutlined,
  GroupOutlined,
  HeartOutlined,
  HomeOutlined,
  InboxOutlined,
  InsuranceOutlined,
  LockOutlined,
  MailOutlined,
  MenuOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SelectOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons'
import type { ComponentType } from 'react'

/** The menu table names Font Awesome classes (e.g. "fa-home text-red"); these are their antd look-alikes. */
const ICONS: Record<string, ComponentType> = {
  'fa-dashboard': DashboardOutlined,
  'fa-tachometer': DashboardOutlined,
  'fa-home': HomeOutlined,
  'fa-users': TeamOutlined,
  'fa-user': UserOutlined,
  'fa-user-secret': SafetyCertificateOutlined,
  'fa-gears': SettingOutlined,
  'fa-gear': SettingOutlined,
  'fa-cog': SettingOutlined,
  'fa-cogs': SettingOutlined,
  'fa-bars': MenuOutlined,
  'fa-bank': BankOutlined,
  'fa-university': BankOutlined,
  'fa-building': ShopOutlined,
  'fa-sitemap': ClusterOutlined,
  'fa-map': EnvironmentOutlined,
  'fa-map-marker': EnvironmentOutlined,
  'fa-file': FileTextOutlined,
  'fa-file-text': FileTextOutlined,
  'fa-book': ProfileOutlined,
  'fa-bar-chart': BarChartOutlined,
  'fa-line-chart': BarChartOutlined,
  'fa-lock': LockOutlined,
  'fa-key': LockOutlined,
  'fa-code': CodeOutlined,
  'fa-terminal': CodeOutlined,
  'fa-area-chart': AreaChartOutlined,
  'fa-clock-o': ClockCircleOutlined,
  'fa-cubes': BlockOutlined,
  'fa-globe': GlobalOutlined,
  'fa-heart': HeartOutlined,
  'fa-hand-pointer-o': InsuranceOutlined,
  'fa-map-pin': EnvironmentOutlined,
  'fa-mouse-pointer': SelectOutlined,
  'fa-object-group': GroupOutlined,
  'fa-wrench': ToolOutlined,
  'fa-bullhorn': NotificationOutlined,
  'fa-envelope': MailOutlined,
  'fa-comments': CommentOutlined,
  'fa-inbox': InboxOutlined,
}

export function MenuIcon({
  icons,
  fallback = AppstoreOutlined,
}: {
  icons: string
  fallback?: ComponentType
}) {
  const name = icons.split(/\s+/).find((part) => part in ICONS)
  const Icon = name ? ICONS[name] : fallback
  return <Icon />
}
