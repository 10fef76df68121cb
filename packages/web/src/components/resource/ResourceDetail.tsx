import './resource.css'
import type { ResourcePageData } from '@brokerdesk/shared'
import { Button, Descriptions, Image } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { listSearchFor } from '../../state/list-state'
import { SafeHtml } from '../rich-text/SafeHtml'
import { displayValue, fieldTitle } from './option-label'
import type { CellRenderer } from './ResourceList'
import { flattenOptions, type Row } from './resource-api'

export interface ResourceDetailProps {
  page: ResourcePageData
  row: Row
  /** Values shown otherwise than as text, by field. */
  cells?: Record<string, CellRenderer>
  /** Fields not listed (shown in another way, or only helping another field). */
  omit?: readonly string[]
  /** More content between the fields and the back button. */
  children?: ReactNode
}

/** A record shown read-only (a user who may view it but not change it, e.g. an operation log). */
export function ResourceDetail({ page, row, cells = {}, omit = [], children }: ResourceDetailProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const items = page.fields
    .filter((field) => !field.writeOnly && field.name in row && !omit.includes(field.name))
    .map((field) => {
      const value = row[field.name]
      const long =
        field.type === 'json' ||
        field.input === 'rich-text' ||
        (typeof value === 'string' && value.length > 60)
      return {
        key: field.name,
        label: fieldTitle(t, page.resource, field),
        span: long ? ('filled' as const) : 1,
        children: cells[field.name] ? (
          cells[field.name](value, row)
        ) : field.input === 'rich-text' && typeof value === 'string' ? (
          <SafeHtml html={value} />
        ) : field.input === 'image' && value ? (
          <Image src={String(value)} width={96} alt="" />
        ) : field.type === 'json' && value !== null && typeof value === 'object' ? (
          <pre className="bd-mono bd-detail-json">{JSON.stringify(value, null, 2)}</pre>
        ) : (
          displayValue(t, field, value, flattenOptions(page.options[field.name]))
        ),
      }
    })
  return (
    <>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} />
      {children}
      <Button
        style={{ marginTop: 16 }}
        onClick={() => navigate(`/admin/${page.resource}${listSearchFor(page.resource, '')}`)}
      >
        {t('actions.back')}
      </Button>
    </>
  )
}
