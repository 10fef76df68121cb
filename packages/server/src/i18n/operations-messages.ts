import { LANGUAGES, type Language } from '@brokerdesk/shared'

/** One text per language, in the order of LANGUAGES: zh-CN, en, zh-TW, de, es, fr, it, ja, ko, fa, pt, ru. */
type Texts = [string, string, string, string, string, string, string, string, string, string, string, string]

/** Messages of the log files and of the demo data. */
const MESSAGES: Record<string, Texts> = {
  'file_log.bad_name': [
    '日志文件名无效：只能是日志目录中的文件名',
    'Not a log file name: only the name of a file in the log folder is accepted',
    '日誌檔名無效：只能是日誌目錄中的檔名',
    'Kein gültiger Name einer Protokolldatei: nur der Name einer Datei im Protokollordner ist erlaubt',
    'Nombre de archivo de registro no válido: solo se admite el nombre de un archivo de la carpeta de registros',
    'Nom de fichier journal invalide : seul le nom d’un fichier du dossier des journaux est accepté',
    'Nome di file di log non valido: è accettato solo il nome di un file della cartella dei log',
    'ログファイル名が無効です：ログフォルダー内のファイル名のみ指定できます',
    '잘못된 로그 파일 이름입니다: 로그 폴더에 있는 파일 이름만 사용할 수 있습니다',
    'نام فایل گزارش نامعتبر است: فقط نام فایلی در پوشهٔ گزارش‌ها پذیرفته می‌شود',
    'Nome de arquivo de log inválido: só é aceito o nome de um arquivo da pasta de logs',
    'Недопустимое имя файла журнала: допускается только имя файла из папки журналов',
  ],
  'file_log.not_found': [
    '日志文件不存在',
    'The log file does not exist',
    '日誌檔不存在',
    'Die Protokolldatei existiert nicht',
    'El archivo de registro no existe',
    'Le fichier journal n’existe pas',
    'Il file di log non esiste',
    'ログファイルが存在しません',
    '로그 파일이 없습니다',
    'فایل گزارش وجود ندارد',
    'O arquivo de log não existe',
    'Файл журнала не существует',
  ],
  'demo_data.not_empty': [
    '产品目录中已有保险公司或产品：演示数据只添加到空目录中',
    'The catalogue already holds insurance companies or products: demo data is only added to an empty one',
    '產品目錄中已有保險公司或產品：示範資料只新增到空目錄中',
    'Der Katalog enthält bereits Versicherungsgesellschaften oder Produkte: Demodaten werden nur einem leeren Katalog hinzugefügt',
    'El catálogo ya contiene aseguradoras o productos: los datos de demostración solo se añaden a un catálogo vacío',
    'Le catalogue contient déjà des compagnies d’assurance ou des produits : les données de démonstration ne sont ajoutées qu’à un catalogue vide',
    'Il catalogo contiene già compagnie assicurative o prodotti: i dati dimostrativi si aggiungono solo a un catalogo vuoto',
    'カタログにはすでに保険会社または商品があります。デモデータは空のカタログにのみ追加されます',
    '카탈로그에 이미 보험사나 상품이 있습니다: 데모 데이터는 빈 카탈로그에만 추가됩니다',
    'کاتالوگ از قبل شرکت بیمه یا محصول دارد: داده‌های نمایشی فقط به کاتالوگ خالی اضافه می‌شوند',
    'O catálogo já contém seguradoras ou produtos: os dados de demonstração só são adicionados a um catálogo vazio',
    'В каталоге уже есть страховые компании или продукты: демонстрационные данные добавляются только в пустой каталог',
  ],
  'demo_data.production': [
    '生产环境不添加演示数据（除非设置了 SEED_DEMO=true）',
    'Demo data is not added in production (unless SEED_DEMO=true is set)',
    '正式環境不新增示範資料（除非設定了 SEED_DEMO=true）',
    'In der Produktion werden keine Demodaten hinzugefügt (außer mit SEED_DEMO=true)',
    'En producción no se añaden datos de demostración (salvo con SEED_DEMO=true)',
    'Aucune donnée de démonstration n’est ajoutée en production (sauf avec SEED_DEMO=true)',
    'In produzione non si aggiungono dati dimostrativi (salvo con SEED_DEMO=true)',
    '本番環境ではデモデータを追加しません（SEED_DEMO=true を設定した場合を除く）',
    '운영 환경에서는 데모 데이터를 추가하지 않습니다(SEED_DEMO=true를 설정한 경우 제외)',
    'در محیط تولید داده‌های نمایشی اضافه نمی‌شوند (مگر با SEED_DEMO=true)',
    'Em produção não são adicionados dados de demonstração (exceto com SEED_DEMO=true)',
    'В рабочей среде демонстрационные данные не добавляются (если не задано SEED_DEMO=true)',
  ],
}

/** The messages of the log files by language. */
export const operationsCatalogs = Object.fromEntries(
  LANGUAGES.map((language, index) => [
    language,
    Object.fromEntries(Object.entries(MESSAGES).map(([key, texts]) => [key, texts[index]])),
  ]),
) as Record<Language, Record<string, string>>
