import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { http } from '../../../api/http'

interface AccountOption {
  value: number
  label: string
}

/** How long typing pauses before the accounts are searched. */
const SEARCH_DELAY_MS = 300

/**
 * The account a new back-office user is bound to, searched on the server by user name, name,
 * e-mail or mobile (accounts that already are back-office users are not offered).
 */
export function AccountSelect({
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
  const [typed, setTyped] = useState('')
  const [keyword, setKeyword] = useState('')
  // The chosen account stays labelled when a later search no longer lists it.
  const [chosen, setChosen] = useState<AccountOption | null>(null)
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [typed])
  const accounts = useQuery({
    queryKey: ['resource', 'admins', 'accounts', keyword],
    queryFn: async () =>
      (await http.get<{ accounts: AccountOption[] }>('/admin/admins/accounts', { keyword })).accounts,
    staleTime: 30_000,
  })
  return (
    <Select<number>
      id={id}
      disabled={disabled}
      value={typeof value === 'number' && value > 0 ? value : undefined}
      onChange={(next, option) => {
        setChosen(next ? (option as AccountOption) : null)
        onChange?.(next ?? 0)
      }}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={accounts.isFetching}
      placeholder={t('access.account_search')}
      notFoundContent={accounts.isFetching ? undefined : t('access.no_accounts')}
      options={
        chosen && !accounts.data?.some((account) => account.value === chosen.value)
          ? [chosen, ...(accounts.data ?? [])]
          : (accounts.data ?? [])
      }
    />
  )
}
