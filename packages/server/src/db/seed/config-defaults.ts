import type { configs } from '../schema/index'
import { DEFAULT_PRIVACY_POLICY, DEFAULT_USER_AGREEMENT } from './default-documents'

type ConfigInsert = typeof configs.$inferInsert

export const CONFIG_TYPE = { string: 1, json: 2, number: 3, boolean: 4, select: 5 } as const
export const CONFIG_ITYPE = { input: 1, textarea: 2, markdown: 3 } as const

/** Settings whose value is a password: stored hashed, read and set by the super administrator only. */
export const SECRET_CONFIG_KEYS: readonly string[] = ['common_password']

/** Settings only the super administrator reads and sets: the secret ones, the maps server key, the login policy. */
export const SUPER_ADMIN_CONFIG_KEYS: readonly string[] = [
  ...SECRET_CONFIG_KEYS,
  'amap_server_key',
  // Turning these down weakens every account's login (issue 24).
  'session_concurrent',
  'totp_required_for_admins',
  'password_min_length',
  'password_character_classes',
  'password_not_account_name',
  'password_history',
  'password_expiry_days',
]

/**
 * The settings every installation starts with; values an administrator changes are never reset
 * (the documents of FILLED_WHEN_EMPTY excepted while they are still empty).
 */
/** Documents registration relies on: an installation that still holds them empty gets the default text. */
export const FILLED_WHEN_EMPTY: readonly string[] = ['user_agreement', 'privacy_policy']

export const DEFAULT_CONFIGS: ConfigInsert[] = [
  {
    key: 'common_password',
    name: 'Common password for all users',
    description: 'A password that signs in to any account; leave empty to turn it off',
    value: '',
    type: CONFIG_TYPE.string,
    itype: CONFIG_ITYPE.input,
    options: { type: 'password', maxLength: 100 },
  },
  {
    key: 'site_name',
    name: 'Site name',
    description: 'Shown in the title bar and the page header',
    value: 'Brokerdesk',
    type: CONFIG_TYPE.string,
    itype: CONFIG_ITYPE.input,
    options: { maxLength: 50 },
  },
  {
    key: 'site_description',
    name: 'Site description',
    description: 'A short description of the site, used by search engines',
    value: 'Back office of an insurance brokerage',
    type: CONFIG_TYPE.string,
    itype: CONFIG_ITYPE.textarea,
    options: { rows: 3, maxLength: 255 },
  },
  {
    key: 'share_image',
    name: 'Share image',
    description:
      'Address of the picture (jpg or png, at least 300×300) of links shared in WeChat; empty: the site icon',
    value: '',
    type: CONFIG_TYPE.string,
    itype: CONFIG_ITYPE.input,
    options: { maxLength: 255 },
  },
  {
    key: 'icp_number',
    name: 'ICP filing number',
    description: 'The website filing number shown in the page footer',
    value: '',
    type: CONFIG_TYPE.string,
    itype: CONFIG_ITYPE.input,
    options: { maxLength: 50 },
  },
  {
    key: 'contact_phone',
    name: 'Contact phone',
    description: 'The customer service telephone number',
    value: '',
    type: CONFIG_TYPE.string,
    itype: CONFIG_ITYPE.input,
    options: { maxLength: 30 },
  },
  {
    key: 'contact_email',
    name: 'Contact e-mail',
    description: 'The customer service e-mail address',
    value: '',
    type: CONFIG_TYPE.string,
    itype: CONFIG_ITYPE.input,
    options: { type: 'email', maxLength: 100 },
  },
  {
    key: 'upload_provider',
    name: 'Upload storage',
    description:
      'Where new uploads are stored: local, s3 or qiniu (their connection is in the server environment); empty: the server default. Files stored before stay where they are',
    value: '',
    type: CONFIG_TYPE.string,
    itype: CONFIG_ITYPE.input,
    options: { maxLength: 10 },
  },
  {
    key: 'upload_image_max_kb',
    name: 'Largest picture (KB)',
    description: 'The largest picture (PNG, JPEG, GIF, WebP) that may be uploaded, in KB',
    value: '2048',
    type: CONFIG_TYPE.number,
    itype: CONFIG_ITYPE.input,
    options: { type: 'number', min: 1, max: 1048576, step: 1 },
  },
  {
    key: 'upload_document_max_kb',
    name: 'Largest document (KB)',
    description:
      'The largest PDF document that may be uploaded, in KB (above 20480 KB only by resumable upload)',
    value: '51200',
    type: CONFIG_TYPE.number,
    itype: CONFIG_ITYPE.input,
    options: { type: 'number', min: 1, max: 4194304, step: 1 },
  },
  {
    key: 'maintenance_mode',
    name: 'Maintenance mode',
    description:
      'On: everyone but administrators sees the maintenance page and the API answers 503; takes effect at once',
    value: '0',
    type: CONFIG_TYPE.boolean,
    itype: CONFIG_ITYPE.input,
    options: null,
  },
  {
    key: 'maintenance_retry_after',
    name: 'Maintenance: retry after (seconds)',
    description: 'How long clients are told to wait (Retry-After) while the site is in maintenance',
    value: '300',
    type: CONFIG_TYPE.number,
    itype: CONFIG_ITYPE.input,
    options: { min: 1, max: 86400, step: 1 },
  },
  {
    key: 'api_encryption',
    name: 'API encryption',
    description:
      '1: the site encrypts request bodies (RSA + AES, SPEC §7) unless debug is on; 0: off (API_ENCRYPTION=true turns it on whatever this says)',
    value: '0',
    type: CONFIG_TYPE.number,
    itype: CONFIG_ITYPE.input,
    options: { type: 'number', min: 0, max: 1, step: 1 },
  },
  {
    key: 'api_encryption_routes',
    name: 'Routes requiring encryption',
    description: 'While encryption is on, writes to these routes (one a line) are refused unless encrypted',
    value:
      '/open/login\n/open/register\n/open/forgot-password/reset-password\n/home/personage/password\n/admin/personage/password',
    type: CONFIG_TYPE.string,
    itype: CONFIG_ITYPE.textarea,
    options: { rows: 5, maxLength: 1000 },
  },
  {
    key: 'user_agreement',
    name: 'User agreement',
    description: 'The agreement a visitor accepts when registering (markdown)',
    value: DEFAULT_USER_AGREEMENT,
    type: CONFIG_TYPE.string,
    itype: CONFIG_ITYPE.markdown,
    options: null,
  },
  {
    key: 'privacy_policy',
    name: 'Privacy policy',
    description: 'How the site handles personal data, shown at /open/markdown?key=privacy_policy (markdown)',
    value: DEFAULT_PRIVACY_POLICY,
    type: CONFIG_TYPE.string,
    itype: CONFIG_ITYPE.markdown,
    options: null,
  },
  {
    key: 'about',
    name: 'About us',
    description: 'Who runs the site, shown at /open/markdown?key=about (markdown)',
    value: '',
    type: CONFIG_TYPE.string,
    itype: CONFIG_ITYPE.markdown,
    options: null,
  },
  {
    key: 'map_provider',
    name: 'Map provider',
    description: 'The map of the coordinate pickers: amap (Gaode), baidu or tencent',
    value: 'amap',
    type: CONFIG_TYPE.string,
    itype: CONFIG_ITYPE.input,
    options: { type: 'select', options: ['amap', 'baidu', 'tencent'] },
  },
  {
    key: 'map_browser_key',
    name: 'Map browser key',
    description:
      "The key of the chosen provider's JavaScript API (sent to the browser); empty: coordinates are typed in",
    value: '',
    type: CONFIG_TYPE.string,
    itype: CONFIG_ITYPE.input,
    options: { maxLength: 100 },
  },
  {
    key: 'map_security_code',
    name: 'AMap security code',
    description: 'The security code (securityJsCode) AMap pairs with a browser key created after 2021',
    value: '',
    type: CONFIG_TYPE.string,
    itype: CONFIG_ITYPE.input,
    options: { maxLength: 100 },
  },
  {
    key: 'map_scale',
    name: 'Map scale',
    description: "The zoom a map picker starts at (capped at the provider's deepest zoom)",
    value: '28',
    type: CONFIG_TYPE.number,
    itype: CONFIG_ITYPE.input,
    options: { type: 'number', min: 3, max: 28, step: 1 },
  },
  {
    key: 'amap_server_key',
    name: 'AMap server key',
    description:
      'The web service key of the place search the server makes for the pickers; never sent to the browser (AMAP_SERVER_KEY wins)',
    value: '',
    type: CONFIG_TYPE.string,
    itype: CONFIG_ITYPE.input,
    options: { maxLength: 100 },
  },
  {
    key: 'log_keep_months',
    name: 'Operation log: months kept',
    description:
      'How many months before the current one the operation log keeps; older months are dropped whole, their login statistics with them. 0 keeps everything',
    value: '0',
    type: CONFIG_TYPE.number,
    itype: CONFIG_ITYPE.input,
    options: { type: 'number', min: 0, max: 1200, step: 1 },
  },
  {
    key: 'session_concurrent',
    name: 'Several logins per account',
    description:
      'On: an account may stay logged in on several devices at once (each user sees and ends them under personal data); off: a new login ends the others',
    value: '0',
    type: CONFIG_TYPE.boolean,
    itype: CONFIG_ITYPE.input,
    options: null,
  },
  {
    key: 'totp_required_for_admins',
    name: 'Two-factor login required for administrators',
    description:
      'On: a back-office user without an authenticator app is led to set one up after logging in, and reaches nothing else before',
    value: '0',
    type: CONFIG_TYPE.boolean,
    itype: CONFIG_ITYPE.input,
    options: null,
  },
  {
    key: 'password_min_length',
    name: 'Password policy: minimum length',
    description: 'The fewest characters a new password may have (6 to 18)',
    value: '6',
    type: CONFIG_TYPE.number,
    itype: CONFIG_ITYPE.input,
    options: { type: 'number', min: 6, max: 18, step: 1 },
  },
  {
    key: 'password_character_classes',
    name: 'Password policy: kinds of characters',
    description:
      'How many of the four kinds (lower-case letters, capitals, digits, symbols) a new password must mix (1 to 4)',
    value: '1',
    type: CONFIG_TYPE.number,
    itype: CONFIG_ITYPE.input,
    options: { type: 'number', min: 1, max: 4, step: 1 },
  },
  {
    key: 'password_not_account_name',
    name: 'Password policy: not the account name',
    description: 'On: a new password may not contain the account name, e-mail name or mobile number',
    value: '0',
    type: CONFIG_TYPE.boolean,
    itype: CONFIG_ITYPE.input,
    options: null,
  },
  {
    key: 'password_history',
    name: 'Password policy: passwords remembered',
    description: 'A new password may not be one of this many last passwords of the account (0: no check)',
    value: '0',
    type: CONFIG_TYPE.number,
    itype: CONFIG_ITYPE.input,
    options: { type: 'number', min: 0, max: 24, step: 1 },
  },
  {
    key: 'password_expiry_days',
    name: 'Password policy: expiry (days)',
    description:
      'A password older than this many days must be changed after logging in, before anything else (0: never)',
    value: '0',
    type: CONFIG_TYPE.number,
    itype: CONFIG_ITYPE.input,
    options: { type: 'number', min: 0, max: 3650, step: 1 },
  },
  {
    key: 'product_stop_notice_role_id',
    name: 'Product stop notice: role',
    description:
      'The id of the role whose holders get a message when a product on sale is about to stop; 0 sends none',
    value: '0',
    type: CONFIG_TYPE.number,
    itype: CONFIG_ITYPE.input,
    options: { type: 'number', min: 0, max: 2147483647, step: 1 },
  },
  {
    key: 'product_stop_notice_days',
    name: 'Product stop notice: days ahead',
    description: 'How many days before its closing date the holders of that role are told a product stops',
    value: '7',
    type: CONFIG_TYPE.number,
    itype: CONFIG_ITYPE.input,
    options: { type: 'number', min: 1, max: 365, step: 1 },
  },
]
