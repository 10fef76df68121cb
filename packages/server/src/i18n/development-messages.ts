import { catalogsOf, type Texts } from './language-texts'

/** Messages of the developer console: its commands' parameters and its plug-ins. */
const MESSAGES: Record<string, Texts> = {
  'plugins.unusable': [
    '插件“{name}”无法使用：{reason}',
    'The plug-in "{name}" cannot be used: {reason}',
    '外掛「{name}」無法使用：{reason}',
    'Das Plug-in „{name}“ ist nicht verwendbar: {reason}',
    'El complemento «{name}» no se puede usar: {reason}',
    'Le plug-in « {name} » est inutilisable : {reason}',
    'Il plug-in «{name}» non è utilizzabile: {reason}',
    'プラグイン「{name}」は使用できません：{reason}',
    '플러그인 "{name}"을(를) 사용할 수 없습니다: {reason}',
    'افزونه «{name}» قابل استفاده نیست: {reason}',
    'O plug-in "{name}" não pode ser usado: {reason}',
    'Плагин «{name}» нельзя использовать: {reason}',
  ],
  'plugins.installed': [
    '插件“{name}”已安装',
    'The plug-in "{name}" is already installed',
    '外掛「{name}」已安裝',
    'Das Plug-in „{name}“ ist bereits installiert',
    'El complemento «{name}» ya está instalado',
    'Le plug-in « {name} » est déjà installé',
    'Il plug-in «{name}» è già installato',
    'プラグイン「{name}」はインストール済みです',
    '플러그인 "{name}"은(는) 이미 설치되어 있습니다',
    'افزونه «{name}» از قبل نصب شده است',
    'O plug-in "{name}" já está instalado',
    'Плагин «{name}» уже установлен',
  ],
  'plugins.no_parent': [
    '插件“{name}”的菜单所挂的上级菜单不存在',
    'A menu item the plug-in "{name}" goes under does not exist',
    '外掛「{name}」的選單所掛的上層選單不存在',
    'Ein Menüpunkt, unter den das Plug-in „{name}“ gehört, existiert nicht',
    'No existe un elemento de menú bajo el que va el complemento «{name}»',
    'Un élément de menu sous lequel va le plug-in « {name} » n’existe pas',
    'Una voce di menu sotto cui va il plug-in «{name}» non esiste',
    'プラグイン「{name}」のメニューの親項目が存在しません',
    '플러그인 "{name}"의 메뉴가 들어갈 상위 메뉴가 없습니다',
    'مورد منویی که افزونه «{name}» زیر آن قرار می‌گیرد وجود ندارد',
    'Um item de menu sob o qual o plug-in "{name}" fica não existe',
    'Пункт меню, в который входит плагин «{name}», не существует',
  ],
  'plugins.columns_missing': [
    '插件“{name}”的迁移没有创建这些列：{columns}',
    'The migrations of the plug-in "{name}" did not create these columns: {columns}',
    '外掛「{name}」的遷移沒有建立這些欄位：{columns}',
    'Die Migrationen des Plug-ins „{name}“ haben diese Spalten nicht angelegt: {columns}',
    'Las migraciones del complemento «{name}» no crearon estas columnas: {columns}',
    'Les migrations du plug-in « {name} » n’ont pas créé ces colonnes : {columns}',
    'Le migrazioni del plug-in «{name}» non hanno creato queste colonne: {columns}',
    'プラグイン「{name}」のマイグレーションは次の列を作成しませんでした：{columns}',
    '플러그인 "{name}"의 마이그레이션이 다음 열을 만들지 않았습니다: {columns}',
    'مهاجرت‌های افزونه «{name}» این ستون‌ها را نساختند: {columns}',
    'As migrações do plug-in "{name}" não criaram estas colunas: {columns}',
    'Миграции плагина «{name}» не создали эти столбцы: {columns}',
  ],
}

/** The messages of the developer console by language. */
export const developmentCatalogs = catalogsOf(MESSAGES)
