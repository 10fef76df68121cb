import type { TAdminAccount } from '@brokerdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { http } from '../../../api/http'

type Option = Pick<TAdminAccount, 'value' | 'label'>

/** How long typing pauses before the accounts are searched. */
const SEARCH_DELAY_MS = 300

/**
 * The chosen recipients of a message: accounts searched on the server by the start of their account
 * name, name, e-mail or mobile number; the ones chosen when the form opened come labelled with the search.
 */
export function RecipientSelect({
  id,
  value,
  onChange,
  disabled,
}: {
  id?: string
  value?: unknown
  onChange?: (value: unknown) => void
  disabled?: boolean
}) {
  const { t } = useTranslation()
  const ids = Array.isArray(value) ? (value as number[]) : []
  const [initialIds] = useState(() => ids.join(','))
  const [typed, setTyped] = useState('')
  const [keyword, setKeyword] = useState('')
  // Chosen accounts stay labelled when a later search no longer lists them.
  const [known, setKnown] = useState<Record<number, Option>>({})
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [typed])
  const accounts = useQuery({
    queryKey: ['resource', 'messages', 'recipients', keyword, initialIds],
    queryFn: async () =>
      (await http.get<{ accounts: Option[] }>('/admin/messages/recipients', { keyword, ids: initialIds }))
        .accounts,
    staleTime: 30_000,
  })
  useEffect(() => {
    if (accounts.data)
      setKnown((all) => ({ ...all, ...Object.fromEntries(accounts.data.map((a) => [a.value, a])) }))
  }, [accounts.data])
  const listed = accounts.data ?? []
  const options = [
    ...ids
      .filter((chosen) => !listed.some((a) => a.value === chosen))
      .flatMap((chosen) => (known[chosen] ? [known[chosen]] : [])),
    ...listed,
  ]
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      disabled={disabled}
      value={ids}
      onChange={(next) => onChange?.(next)}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={accounts.isFetching}
      placeholder={t('inbox.recipient_search')}
      notFoundContent={accounts.isFetching ? undefined : t('inbox.no_recipients')}
      options={options}
    />
  )
}
