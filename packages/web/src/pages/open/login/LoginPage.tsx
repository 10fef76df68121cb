import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { getConfig } from '../../../api/config'
import { identityApi } from '../../../api/identity'
import { isLoggedIn, type UserAnswer } from '../../../api/types'
import { lazyPart } from '../../../app/lazy-part'
import { useDocumentTitle } from '../../../app/use-document-title'
import { AuthCard } from '../../../components/AuthCard/AuthCard'
import { LazyAlert } from '../../../components/LazyAlert'
import { PageLoading } from '../../../components/PageLoading'
import { signIn, useSession } from '../../../state/session'
import { LoginForm } from './LoginForm'
import { landingPath } from './landing'
import { OtherLoginButtons } from './OtherLoginButtons'

/** The binding screen of a new third-party identity (tabs, result, its own form): its own chunk. */
const BindingPanel = lazyPart(
  () => import('./BindingPanel').then((module) => ({ default: module.BindingPanel })),
  () => <PageLoading />,
)

const OTHER_LOGIN_ERRORS = [
  'state',
  'denied',
  'provider',
  'disabled',
  'second_factor',
  'unavailable',
] as const

/**
 * /open/login: log in with an account name, e-mail or mobile number (SPEC §5), or a third-party
 * provider; `?other_login=bind&ticket=…` shows the binding screen of a new third-party identity.
 * Afterwards the user goes back to `redirect` (a path of this app only).
 */
export default function LoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const { user, loading } = useSession()
  const leaving = useRef(false)
  const redirect = params.get('redirect')
  const bindTicket = params.get('other_login') === 'bind' ? params.get('ticket') : null
  const otherLoginError = params.get('other_login_error')
  useDocumentTitle(t(bindTicket ? 'auth.bind.title_short' : 'auth.login.title'))

  const loggedIn = (answer: UserAnswer) => {
    leaving.current = true
    signIn(answer)
    navigate(landingPath(answer.user, redirect), { replace: true })
  }

  // Someone already logged in has nothing to do here.
  useEffect(() => {
    if (!loading && isLoggedIn(user) && !bindTicket && !leaving.current) {
      leaving.current = true
      navigate(landingPath(user, redirect), { replace: true })
    }
  }, [loading, user, bindTicket, redirect, navigate])

  if (loading) return <PageLoading />

  if (bindTicket) {
    return (
      <AuthCard title={t('auth.bind.title')}>
        <BindingPanel ticket={bindTicket} onLoggedIn={loggedIn} />
      </AuthCard>
    )
  }

  const errorReason = OTHER_LOGIN_ERRORS.find((reason) => reason === otherLoginError) ?? 'unknown'
  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle', { name: getConfig().name })}
      footer={
        <>
          {t('auth.login.no_account')} <Link to="/open/register">{t('auth.login.register')}</Link>
        </>
      }
    >
      {otherLoginError && (
        <LazyAlert
          className="bd-auth__notice"
          type="error"
          showIcon
          title={t('auth.other_login_error.title')}
          description={t(`auth.other_login_error.${errorReason}`)}
        />
      )}
      <LoginForm
        name="login"
        full
        submit={identityApi.login}
        onLoggedIn={loggedIn}
        submitText={t('auth.login.submit')}
      />
      <OtherLoginButtons redirect={redirect} />
    </AuthCard>
  )
}
