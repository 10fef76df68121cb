import { useQuery } from '@tanstack/react-query'
import { identityApi } from '../../../api/identity'
import { lazyPart } from '../../../app/lazy-part'

/** The providers' buttons with their brand icons: loaded only when a provider is configured. */
const ProviderButtons = lazyPart(() =>
  import('./ProviderButtons').then((module) => ({ default: module.ProviderButtons })),
)

/** "Or log in with": a button per configured provider (GET /open/other-login); nothing when there is none. */
export function OtherLoginButtons({ redirect }: { redirect: string | null }) {
  const providers = useQuery({
    queryKey: ['other-login-providers'],
    queryFn: identityApi.otherLoginProviders,
    staleTime: 10 * 60_000,
    retry: false,
  })
  const list = providers.data ?? []
  if (list.length === 0) return null
  return <ProviderButtons providers={list} redirect={redirect} />
}
