import { LANGUAGES, type Language } from '@brokerdesk/shared'

/** One text per language, in the order of LANGUAGES: zh-CN, en, zh-TW, de, es, fr, it, ja, ko, fa, pt, ru. */
type Texts = [string, string, string, string, string, string, string, string, string, string, string, string]

/** Messages of the log files. */
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
}

/** The messages of the log files by language. */
export const operationsCatalogs = Object.fromEntries(
  LANGUAGES.map((language, index) => [
    language,
    Object.fromEntries(Object.entries(MESSAGES).map(([key, texts]) => [key, texts[index]])),
  ]),
) as Record<Language, Record<string, string>>
