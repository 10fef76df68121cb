import type { MenuNode } from '@brokerdesk/shared'
import { Button, Flex, Input } from 'antd'
import { type ReactNode, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { keysToDepth, type MenuTreeNode, menuTreeData, parentKeys } from './menu-tree-data'

/** How deep a menu tree opens at first: the root, the modules and their groups. */
const FIRST_VIEW_DEPTH = 3

export interface MenuTreeView {
  data: MenuTreeNode[]
  /** The search being applied ('' for none). */
  search: string
  expandedKeys: number[]
  setExpanded: (keys: number[]) => void
  /** The search box and the expand / collapse buttons, with `extra` buttons between them. */
  toolbar: (extra?: ReactNode) => ReactNode
}

/** The state of a searchable menu tree: its data, what is open, and the toolbar that changes both. */
export function useMenuTreeView(
  nodes: readonly MenuNode[],
  title: (item: MenuNode) => ReactNode,
): MenuTreeView {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [expanded, setExpanded] = useState<number[] | null>(null)
  const data = useMemo(() => menuTreeData(nodes, title, search), [nodes, title, search])
  // A search opens everything it kept; otherwise the user's choice, or the first levels.
  const expandedKeys = search.trim() ? parentKeys(data) : (expanded ?? keysToDepth(data, FIRST_VIEW_DEPTH))
  const toolbar = (extra?: ReactNode) => (
    <Flex gap={8} wrap>
      <Input.Search
        allowClear
        placeholder={t('access.search_menu')}
        onSearch={setSearch}
        onChange={(event) => event.target.value === '' && setSearch('')}
        style={{ maxWidth: 280 }}
      />
      {extra}
      <Button onClick={() => setExpanded(parentKeys(data))}>{t('access.expand_all')}</Button>
      <Button onClick={() => setExpanded([])}>{t('access.collapse_all')}</Button>
    </Flex>
  )
  return { data, search, expandedKeys, setExpanded, toolbar }
}
