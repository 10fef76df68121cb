import type { Language } from '@brokerdesk/shared'

/**
 * The captcha failure. The rule messages (`validations.*`) and field labels (`fields.*`) the server
 * and the SPA share are in `@brokerdesk/shared/i18n/<language>.json` (see shared-texts.ts).
 */
export const validationCatalogs: Record<Language, Record<string, string>> = {
  en: {
    'captcha.failed': 'Captcha validation failed',
  },
  'zh-CN': {
    'captcha.failed': '验证码校验失败',
  },
  'zh-TW': {
    'captcha.failed': '驗證碼驗證失敗',
  },
  de: {
    'captcha.failed': 'Captcha-Prüfung fehlgeschlagen',
  },
  es: {
    'captcha.failed': 'La verificación del captcha ha fallado',
  },
  fr: {
    'captcha.failed': 'Échec de la vérification du captcha',
  },
  it: {
    'captcha.failed': 'Verifica captcha non riuscita',
  },
  ja: {
    'captcha.failed': 'キャプチャの検証に失敗しました',
  },
  ko: {
    'captcha.failed': '캡차 검증에 실패했습니다',
  },
  fa: {
    'captcha.failed': 'تأیید کپچا ناموفق بود',
  },
  pt: {
    'captcha.failed': 'Falha na verificação do captcha',
  },
  ru: {
    'captcha.failed': 'Проверка капчи не пройдена',
  },
}
