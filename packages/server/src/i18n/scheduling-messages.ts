import { LANGUAGES, type Language } from '@brokerdesk/shared'

/** One text per language, in the order of LANGUAGES: zh-CN, en, zh-TW, de, es, fr, it, ja, ko, fa, pt, ru. */
type Texts = [string, string, string, string, string, string, string, string, string, string, string, string]

/** Messages of the scheduled jobs, the product stop notices and the webhooks. */
const MESSAGES: Record<string, Texts> = {
  'jobs.running': [
    '该任务正在运行，请等它结束后再试',
    'The job is running; try again once it has ended',
    '該任務正在執行，請等它結束後再試',
    'Die Aufgabe läuft gerade; versuchen Sie es erneut, wenn sie beendet ist',
    'La tarea se está ejecutando; inténtelo de nuevo cuando termine',
    'La tâche est en cours ; réessayez une fois qu’elle est terminée',
    'L’attività è in esecuzione; riprova quando è terminata',
    'このジョブは実行中です。終了してから再度お試しください',
    '작업이 실행 중입니다. 끝난 뒤 다시 시도하세요',
    'این کار در حال اجراست؛ پس از پایان آن دوباره تلاش کنید',
    'A tarefa está em execução; tente novamente quando terminar',
    'Задача выполняется; повторите попытку после её завершения',
  ],
  'jobs.stop_notice.title': [
    '产品即将停售：{name}（{date}）',
    'Product stops soon: {name} ({date})',
    '產品即將停售：{name}（{date}）',
    'Produkt bald nicht mehr im Verkauf: {name} ({date})',
    'Producto que deja de venderse pronto: {name} ({date})',
    'Produit bientôt retiré de la vente : {name} ({date})',
    'Prodotto presto fuori vendita: {name} ({date})',
    'まもなく販売停止の商品：{name}（{date}）',
    '곧 판매 중지되는 상품: {name} ({date})',
    'محصولی که به‌زودی فروشش متوقف می‌شود: {name} ({date})',
    'Produto sai de venda em breve: {name} ({date})',
    'Продукт скоро снимается с продажи: {name} ({date})',
  ],
  'jobs.stop_notice.content': [
    '产品“{name}”将于 {date} 停售，届时系统会自动将其状态改为停售。',
    'The product "{name}" stops on {date}; the system will then set it to halted sales.',
    '產品「{name}」將於 {date} 停售，屆時系統會自動將其狀態改為停售。',
    'Das Produkt „{name}“ wird am {date} aus dem Verkauf genommen; das System setzt es dann auf „Verkauf gestoppt“.',
    'El producto «{name}» deja de venderse el {date}; el sistema lo pasará entonces a venta detenida.',
    'Le produit « {name} » est retiré de la vente le {date} ; le système le passera alors en vente arrêtée.',
    'Il prodotto «{name}» esce di vendita il {date}; il sistema lo porterà allora a vendita sospesa.',
    '商品「{name}」は {date} に販売停止となり、その時点でシステムが状態を販売停止に変更します。',
    '상품 "{name}"은(는) {date}에 판매 중지되며, 그때 시스템이 상태를 판매 중지로 바꿉니다.',
    'فروش محصول «{name}» در {date} متوقف می‌شود و سامانه در آن زمان وضعیت آن را به توقف فروش تغییر می‌دهد.',
    'O produto "{name}" sai de venda em {date}; o sistema então o passará para venda suspensa.',
    'Продукт «{name}» снимается с продажи {date}; тогда система переведёт его в статус «продажи остановлены».',
  ],
  'webhooks.private_address': [
    '该地址指向本机或内网，不能用作网络钩子地址',
    'The address points to this machine or a private network and cannot receive webhooks',
    '該地址指向本機或內網，不能用作網路鉤子地址',
    'Die Adresse zeigt auf diesen Rechner oder ein privates Netz und kann keine Webhooks empfangen',
    'La dirección apunta a esta máquina o a una red privada y no puede recibir webhooks',
    'L’adresse désigne cette machine ou un réseau privé et ne peut pas recevoir de webhooks',
    'L’indirizzo punta a questa macchina o a una rete privata e non può ricevere webhook',
    'このアドレスはこのマシンまたはプライベートネットワークを指しているため、Webhook の送信先にできません',
    '이 주소는 이 컴퓨터나 사설 네트워크를 가리키므로 웹훅을 받을 수 없습니다',
    'این نشانی به همین رایانه یا یک شبکهٔ خصوصی اشاره دارد و نمی‌تواند وب‌هوک دریافت کند',
    'O endereço aponta para esta máquina ou para uma rede privada e não pode receber webhooks',
    'Адрес указывает на эту машину или частную сеть и не может принимать веб-хуки',
  ],
  'webhooks.too_many': [
    '网络钩子已达上限（{max} 个），请先删除不用的',
    'There are already {max} webhooks, the most kept; delete one no longer used first',
    '網路鉤子已達上限（{max} 個），請先刪除不用的',
    'Es gibt bereits {max} Webhooks, die Höchstzahl; löschen Sie zuerst einen nicht mehr benötigten',
    'Ya hay {max} webhooks, el máximo; elimine primero uno que ya no use',
    'Il y a déjà {max} webhooks, le maximum ; supprimez d’abord celui qui ne sert plus',
    'Ci sono già {max} webhook, il massimo; elimina prima uno non più usato',
    'Webhook は上限の {max} 件に達しています。使わないものを先に削除してください',
    '웹훅이 최대 개수({max}개)에 도달했습니다. 사용하지 않는 것을 먼저 삭제하세요',
    'هم‌اکنون {max} وب‌هوک، یعنی حداکثر تعداد، وجود دارد؛ ابتدا یکی را که استفاده نمی‌شود حذف کنید',
    'Já existem {max} webhooks, o máximo; exclua primeiro um que não use mais',
    'Уже есть {max} веб-хуков — это максимум; сначала удалите ненужный',
  ],
}

/** The scheduling and webhook messages by language. */
export const schedulingCatalogs = Object.fromEntries(
  LANGUAGES.map((language, index) => [
    language,
    Object.fromEntries(Object.entries(MESSAGES).map(([key, texts]) => [key, texts[index]])),
  ]),
) as Record<Language, Record<string, string>>
