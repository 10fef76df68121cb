import { AutoComplete, Input, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useMenus } from '../../api/queries'
import { menuPages } from '../../app/menu-tree'
import { menuLabel } from '../../i18n/menu-label'

interface PageOption {
  url: string
  label: string
}

/** A search box over the pages the user can open (from the menu list, plus the three home pages). */
export function PageSearch() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const menus = useMenus()
  const [query, setQuery] = useState('')
  const [missed, setMissed] = useState('')

  const pages = useMemo<PageOption[]>(() => {
    const fixed: PageOption[] = [
      { url: '/open/index', label: t('nav.official_website') },
      { url: '/home/index', label: t('nav.homepage') },
      { url: '/admin/index', label: t('nav.backstage') },
    ]
    const fromMenu = menuPages(menus.data ?? []).map((item) => ({
      url: item.url,
      label: menuLabel(item.name),
    }))
    const seen = new Set<string>()
    return [...fromMenu, ...fixed].filter((page) => !seen.has(page.url) && seen.add(page.url))
  }, [menus.data, t])

  const needle = query.trim().toLowerCase()
  const matches = needle
    ? pages.filter(
        (page) => page.label.toLowerCase().includes(needle) || page.url.toLowerCase().includes(needle),
      )
    : pages

  const go = (url: string) => {
    setMissed('')
    navigate(url)
  }

  return (
    <div className="bd-page-search">
      <AutoComplete
        value={query}
        options={matches.slice(0, 8).map((page) => ({
          value: page.url,
          label: (
            <span className="bd-page-search__option">
              <span>{page.label}</span>
              <Typography.Text type="secondary">{page.url}</Typography.Text>
            </span>
          ),
        }))}
        onSelect={(url: string) => go(url)}
        onChange={(value: string) => {
          setQuery(value)
          setMissed('')
        }}
        style={{ width: '100%' }}
      >
        <Input.Search
          placeholder={t('errors.not_found.search')}
          aria-label={t('errors.not_found.search')}
          enterButton={t('actions.search')}
          size="large"
          allowClear
          onSearch={(value) => {
            if (!value.trim()) return
            if (matches[0]) go(matches[0].url)
            else setMissed(value.trim())
          }}
        />
      </AutoComplete>
      {missed && (
        <Typography.Text type="secondary" className="bd-page-search__missed" role="status">
          {t('errors.not_found.no_match', { query: missed })}
        </Typography.Text>
      )}
    </div>
  )
}
