import { LANGUAGES, type Language } from '@brokerdesk/shared'
import { accountCatalogs } from './account-messages'
import { developmentCatalogs } from './development-messages'
import { inputCatalogs } from './input-messages'
import type { Catalog } from './language-texts'
import { loginCatalogs } from './login-messages'
import { mapCatalogs } from './map-messages'
import { messageCentreCatalogs } from './message-centre-messages'
import { openPlatformCatalogs } from './open-platform-messages'
import { operationsCatalogs } from './operations-messages'
import { permissionCatalogs } from './permission-messages'
import { resourceCatalogs } from './resource-messages'
import { schedulingCatalogs } from './scheduling-messages'
import { sharedCatalogs } from './shared-texts'
import { uploadCatalogs } from './upload-messages'
import { validationCatalogs } from './validation-messages'

/** Server-side messages, keyed as the SPA's translation files are. English is the fallback. */
const en: Catalog = {
  'auth.logged_in_elsewhere': 'Your account has been logged in elsewhere',
  'errors.bad_request': 'The request is not valid.',
  'errors.unauthenticated': 'Please log in first.',
  'errors.forbidden': 'You have no access to this page!',
  'errors.not_found': 'Oops! Page not found',
  'errors.conflict': 'The record was changed by someone else, please reload it.',
  'errors.token_mismatch': 'Token has expired, please try again',
  'errors.validation': 'The given data was invalid.',
  'errors.too_many_requests': 'Too many requests, please try again later.',
  'errors.query_timeout':
    'The query took too long and was stopped; narrow the search or the filters and try again.',
  'errors.unavailable': 'The service is temporarily unavailable, please try again in a moment.',
  'errors.maintenance': 'Please try again later, the system is under maintenance...',
  'errors.internal': 'An error occurred on the server, please contact the developer.',
}

const zhCN: Catalog = {
  'auth.logged_in_elsewhere': '您的账号已在其他地方登录',
  'errors.bad_request': '请求无效。',
  'errors.unauthenticated': '请先登录。',
  'errors.forbidden': '您无权访问该页面！',
  'errors.not_found': '哎呀！页面未找到',
  'errors.conflict': '该记录已被他人修改，请重新加载。',
  'errors.token_mismatch': 'Token 已过期，请重试',
  'errors.validation': '提交的数据无效。',
  'errors.too_many_requests': '请求过于频繁，请稍后再试。',
  'errors.query_timeout': '查询耗时过长已被中止，请缩小搜索或筛选范围后重试。',
  'errors.unavailable': '服务暂时不可用，请稍后再试。',
  'errors.maintenance': '请稍后再试，系统正在维护中……',
  'errors.internal': '服务器发生错误，请联系开发人员。',
}

const zhTW: Catalog = {
  'auth.logged_in_elsewhere': '您的帳號已在其他地方登入',
  'errors.bad_request': '請求無效。',
  'errors.unauthenticated': '請先登入。',
  'errors.forbidden': '您無權存取該頁面！',
  'errors.not_found': '哎呀！頁面未找到',
  'errors.conflict': '該記錄已被他人修改，請重新載入。',
  'errors.token_mismatch': 'Token 已過期，請重試',
  'errors.validation': '提交的資料無效。',
  'errors.too_many_requests': '請求過於頻繁，請稍後再試。',
  'errors.query_timeout': '查詢耗時過長已被中止，請縮小搜尋或篩選範圍後重試。',
  'errors.unavailable': '服務暫時無法使用，請稍後再試。',
  'errors.maintenance': '請稍後再試，系統正在維護中……',
  'errors.internal': '伺服器發生錯誤，請聯絡開發人員。',
}

const de: Catalog = {
  'auth.logged_in_elsewhere': 'Ihr Konto wurde an einem anderen Ort angemeldet',
  'errors.bad_request': 'Die Anfrage ist ungültig.',
  'errors.unauthenticated': 'Bitte melden Sie sich zuerst an.',
  'errors.forbidden': 'Sie haben keinen Zugriff auf diese Seite!',
  'errors.not_found': 'Hoppla! Seite nicht gefunden',
  'errors.conflict': 'Der Datensatz wurde von jemand anderem geändert, bitte laden Sie ihn neu.',
  'errors.token_mismatch': 'Das Token ist abgelaufen, bitte versuchen Sie es erneut',
  'errors.validation': 'Die übermittelten Daten sind ungültig.',
  'errors.too_many_requests': 'Zu viele Anfragen, bitte versuchen Sie es später erneut.',
  'errors.query_timeout':
    'Die Abfrage dauerte zu lange und wurde abgebrochen; grenzen Sie die Suche oder die Filter ein und versuchen Sie es erneut.',
  'errors.unavailable':
    'Der Dienst ist vorübergehend nicht verfügbar, bitte versuchen Sie es gleich noch einmal.',
  'errors.maintenance': 'Bitte versuchen Sie es später erneut, das System wird gewartet...',
  'errors.internal': 'Auf dem Server ist ein Fehler aufgetreten, bitte wenden Sie sich an den Entwickler.',
}

const es: Catalog = {
  'auth.logged_in_elsewhere': 'Se ha iniciado sesión con su cuenta en otro lugar',
  'errors.bad_request': 'La solicitud no es válida.',
  'errors.unauthenticated': 'Inicie sesión primero.',
  'errors.forbidden': '¡No tiene acceso a esta página!',
  'errors.not_found': '¡Vaya! Página no encontrada',
  'errors.conflict': 'Otra persona ha modificado el registro; vuelva a cargarlo.',
  'errors.token_mismatch': 'El token ha caducado, inténtelo de nuevo',
  'errors.validation': 'Los datos enviados no son válidos.',
  'errors.too_many_requests': 'Demasiadas solicitudes, inténtelo más tarde.',
  'errors.query_timeout':
    'La consulta tardó demasiado y se detuvo; acote la búsqueda o los filtros e inténtelo de nuevo.',
  'errors.unavailable': 'El servicio no está disponible temporalmente, inténtelo de nuevo en un momento.',
  'errors.maintenance': 'Inténtelo más tarde, el sistema está en mantenimiento...',
  'errors.internal': 'Se produjo un error en el servidor, contacte con el desarrollador.',
}

const fr: Catalog = {
  'auth.logged_in_elsewhere': 'Votre compte a été connecté ailleurs',
  'errors.bad_request': "La requête n'est pas valide.",
  'errors.unauthenticated': "Veuillez d'abord vous connecter.",
  'errors.forbidden': "Vous n'avez pas accès à cette page !",
  'errors.not_found': 'Oups ! Page introuvable',
  'errors.conflict': 'L’enregistrement a été modifié par quelqu’un d’autre, veuillez le recharger.',
  'errors.token_mismatch': 'Le token a expiré, veuillez réessayer',
  'errors.validation': 'Les données envoyées ne sont pas valides.',
  'errors.too_many_requests': 'Trop de requêtes, veuillez réessayer plus tard.',
  'errors.query_timeout':
    'La requête a pris trop de temps et a été arrêtée ; affinez la recherche ou les filtres et réessayez.',
  'errors.unavailable': 'Le service est momentanément indisponible, veuillez réessayer dans un instant.',
  'errors.maintenance': 'Veuillez réessayer plus tard, le système est en maintenance...',
  'errors.internal': 'Une erreur est survenue sur le serveur, veuillez contacter le développeur.',
}

const it: Catalog = {
  'auth.logged_in_elsewhere': 'È stato effettuato l’accesso al tuo account da un altro luogo',
  'errors.bad_request': 'La richiesta non è valida.',
  'errors.unauthenticated': 'Effettua prima l’accesso.',
  'errors.forbidden': 'Non hai accesso a questa pagina!',
  'errors.not_found': 'Ops! Pagina non trovata',
  'errors.conflict': 'Il record è stato modificato da qualcun altro, ricaricalo.',
  'errors.token_mismatch': 'Il token è scaduto, riprova',
  'errors.validation': 'I dati inviati non sono validi.',
  'errors.too_many_requests': 'Troppe richieste, riprova più tardi.',
  'errors.query_timeout':
    'La query ha richiesto troppo tempo ed è stata interrotta; restringi la ricerca o i filtri e riprova.',
  'errors.unavailable': 'Il servizio è temporaneamente non disponibile, riprova tra qualche istante.',
  'errors.maintenance': 'Riprova più tardi, il sistema è in manutenzione...',
  'errors.internal': 'Si è verificato un errore sul server, contatta lo sviluppatore.',
}

const ja: Catalog = {
  'auth.logged_in_elsewhere': 'お使いのアカウントは別の場所でログインされました',
  'errors.bad_request': 'リクエストが無効です。',
  'errors.unauthenticated': '先にログインしてください。',
  'errors.forbidden': 'このページへのアクセス権がありません！',
  'errors.not_found': 'おっと！ページが見つかりません',
  'errors.conflict': 'このレコードは他のユーザーによって変更されました。再読み込みしてください。',
  'errors.token_mismatch': 'トークン(token)の有効期限が切れました。もう一度お試しください',
  'errors.validation': '送信されたデータが無効です。',
  'errors.too_many_requests': 'リクエストが多すぎます。しばらくしてからお試しください。',
  'errors.query_timeout':
    'クエリに時間がかかりすぎたため中止しました。検索条件や絞り込みを狭めて再試行してください。',
  'errors.unavailable': 'サービスは一時的に利用できません。しばらくしてからもう一度お試しください。',
  'errors.maintenance': 'システムはメンテナンス中です。しばらくしてからお試しください...',
  'errors.internal': 'サーバーでエラーが発生しました。開発者に連絡してください。',
}

const ko: Catalog = {
  'auth.logged_in_elsewhere': '다른 곳에서 계정에 로그인했습니다',
  'errors.bad_request': '요청이 올바르지 않습니다.',
  'errors.unauthenticated': '먼저 로그인하세요.',
  'errors.forbidden': '이 페이지에 접근할 권한이 없습니다!',
  'errors.not_found': '이런! 페이지를 찾을 수 없습니다',
  'errors.conflict': '다른 사용자가 이 레코드를 변경했습니다. 다시 불러오세요.',
  'errors.token_mismatch': '토큰(token)이 만료되었습니다. 다시 시도하세요',
  'errors.validation': '제출된 데이터가 올바르지 않습니다.',
  'errors.too_many_requests': '요청이 너무 많습니다. 잠시 후 다시 시도하세요.',
  'errors.query_timeout':
    '조회 시간이 너무 오래 걸려 중단되었습니다. 검색어나 필터 범위를 좁혀 다시 시도하세요.',
  'errors.unavailable': '서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도하세요.',
  'errors.maintenance': '시스템 점검 중입니다. 잠시 후 다시 시도하세요...',
  'errors.internal': '서버에서 오류가 발생했습니다. 개발자에게 문의하세요.',
}

const fa: Catalog = {
  'auth.logged_in_elsewhere': 'با حساب شما از جای دیگری وارد شده‌اند',
  'errors.bad_request': 'درخواست نامعتبر است.',
  'errors.unauthenticated': 'لطفاً ابتدا وارد شوید.',
  'errors.forbidden': 'شما به این صفحه دسترسی ندارید!',
  'errors.not_found': 'اوه! صفحه پیدا نشد',
  'errors.conflict': 'این رکورد را شخص دیگری تغییر داده است، لطفاً آن را دوباره بارگذاری کنید.',
  'errors.token_mismatch': 'توکن (token) منقضی شده است، لطفاً دوباره تلاش کنید',
  'errors.validation': 'داده‌های ارسال‌شده نامعتبر است.',
  'errors.too_many_requests': 'درخواست‌ها بیش از حد است، لطفاً بعداً تلاش کنید.',
  'errors.query_timeout':
    'پرس‌وجو بیش از حد طول کشید و متوقف شد؛ جستجو یا فیلترها را محدودتر کنید و دوباره تلاش کنید.',
  'errors.unavailable': 'سرویس موقتاً در دسترس نیست، لطفاً کمی بعد دوباره تلاش کنید.',
  'errors.maintenance': 'لطفاً بعداً تلاش کنید، سیستم در حال نگهداری است...',
  'errors.internal': 'خطایی در سرور رخ داد، لطفاً با توسعه‌دهنده تماس بگیرید.',
}

const pt: Catalog = {
  'auth.logged_in_elsewhere': 'Sua conta foi conectada em outro lugar',
  'errors.bad_request': 'A solicitação não é válida.',
  'errors.unauthenticated': 'Faça login primeiro.',
  'errors.forbidden': 'Você não tem acesso a esta página!',
  'errors.not_found': 'Ops! Página não encontrada',
  'errors.conflict': 'O registro foi alterado por outra pessoa; recarregue-o.',
  'errors.token_mismatch': 'O token expirou, tente novamente',
  'errors.validation': 'Os dados enviados não são válidos.',
  'errors.too_many_requests': 'Muitas solicitações, tente novamente mais tarde.',
  'errors.query_timeout':
    'A consulta demorou demais e foi interrompida; restrinja a pesquisa ou os filtros e tente novamente.',
  'errors.unavailable': 'O serviço está temporariamente indisponível, tente novamente em instantes.',
  'errors.maintenance': 'Tente novamente mais tarde, o sistema está em manutenção...',
  'errors.internal': 'Ocorreu um erro no servidor, entre em contato com o desenvolvedor.',
}

const ru: Catalog = {
  'auth.logged_in_elsewhere': 'В вашу учётную запись выполнен вход в другом месте',
  'errors.bad_request': 'Некорректный запрос.',
  'errors.unauthenticated': 'Сначала войдите в систему.',
  'errors.forbidden': 'У вас нет доступа к этой странице!',
  'errors.not_found': 'Упс! Страница не найдена',
  'errors.conflict': 'Запись была изменена другим пользователем, перезагрузите её.',
  'errors.token_mismatch': 'Срок действия токена (token) истёк, попробуйте ещё раз',
  'errors.validation': 'Отправленные данные некорректны.',
  'errors.too_many_requests': 'Слишком много запросов, попробуйте позже.',
  'errors.query_timeout':
    'Запрос выполнялся слишком долго и был остановлен; сузьте поиск или фильтры и попробуйте снова.',
  'errors.unavailable': 'Сервис временно недоступен, попробуйте ещё раз через некоторое время.',
  'errors.maintenance': 'Попробуйте позже, в системе ведутся технические работы...',
  'errors.internal': 'На сервере произошла ошибка, обратитесь к разработчику.',
}

const base: Record<Language, Catalog> = {
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  de,
  es,
  fr,
  it,
  ja,
  ko,
  fa,
  pt,
  ru,
}

/** The rule messages and field labels shared with the SPA, the general messages, then each area's. */
const PARTS: readonly Record<Language, Catalog>[] = [
  sharedCatalogs,
  resourceCatalogs,
  uploadCatalogs,
  validationCatalogs,
  base,
  loginCatalogs,
  accountCatalogs,
  inputCatalogs,
  permissionCatalogs,
  developmentCatalogs,
  messageCentreCatalogs,
  operationsCatalogs,
  schedulingCatalogs,
  mapCatalogs,
  openPlatformCatalogs,
]

/** Every language's catalog: its part of each. */
export const catalogs = Object.fromEntries(
  LANGUAGES.map((language) => [language, Object.assign({}, ...PARTS.map((part) => part[language]))]),
) as Record<Language, Catalog>
