import { catalogsOf, type Texts } from './language-texts'

/** Messages of the maps place search. */
const MESSAGES: Record<string, Texts> = {
  'map.search_not_configured': [
    '未配置地图搜索（缺少高德服务端密钥）',
    'The map search is not configured (no AMap server key)',
    '未設定地圖搜尋（缺少高德服務端金鑰）',
    'Die Kartensuche ist nicht eingerichtet (kein AMap-Serverschlüssel)',
    'La búsqueda en el mapa no está configurada (falta la clave de servidor de AMap)',
    'La recherche sur la carte n’est pas configurée (aucune clé serveur AMap)',
    'La ricerca sulla mappa non è configurata (manca la chiave server di AMap)',
    '地図検索が設定されていません（AMap のサーバーキーがありません）',
    '지도 검색이 설정되지 않았습니다(AMap 서버 키 없음)',
    'جستجوی نقشه پیکربندی نشده است (کلید سرور AMap وجود ندارد)',
    'A busca no mapa não está configurada (falta a chave de servidor do AMap)',
    'Поиск по карте не настроен (нет серверного ключа AMap)',
  ],
  'map.search_unavailable': [
    '地图搜索服务暂时不可用，请稍后重试',
    'The map search service is not available at the moment, please try again later',
    '地圖搜尋服務暫時無法使用，請稍後重試',
    'Die Kartensuche ist gerade nicht erreichbar, bitte versuchen Sie es später erneut',
    'El servicio de búsqueda en el mapa no está disponible ahora, inténtelo más tarde',
    'Le service de recherche sur la carte est momentanément indisponible, réessayez plus tard',
    'Il servizio di ricerca sulla mappa non è al momento disponibile, riprovi più tardi',
    '地図検索サービスは現在利用できません。しばらくしてからお試しください',
    '지도 검색 서비스를 지금 사용할 수 없습니다. 잠시 후 다시 시도하세요',
    'سرویس جستجوی نقشه اکنون در دسترس نیست، لطفاً بعداً تلاش کنید',
    'O serviço de busca no mapa não está disponível no momento, tente mais tarde',
    'Сервис поиска по карте сейчас недоступен, повторите попытку позже',
  ],
  'map.too_many_searches': [
    '搜索过于频繁，请在 {seconds} 秒后重试',
    'Too many searches, please try again in {seconds} seconds',
    '搜尋過於頻繁，請在 {seconds} 秒後重試',
    'Zu viele Suchanfragen, bitte versuchen Sie es in {seconds} Sekunden erneut',
    'Demasiadas búsquedas, inténtelo de nuevo en {seconds} segundos',
    'Trop de recherches, réessayez dans {seconds} secondes',
    'Troppe ricerche, riprovi tra {seconds} secondi',
    '検索が多すぎます。{seconds} 秒後にもう一度お試しください',
    '검색이 너무 많습니다. {seconds}초 후에 다시 시도하세요',
    'جستجوهای بیش از حد، لطفاً {seconds} ثانیهٔ دیگر دوباره تلاش کنید',
    'Buscas demais, tente novamente em {seconds} segundos',
    'Слишком много запросов поиска, повторите через {seconds} с',
  ],
}

/** The maps messages by language. */
export const mapCatalogs = catalogsOf(MESSAGES)
