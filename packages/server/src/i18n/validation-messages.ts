import { catalogsOf, type Texts } from './language-texts'

/**
 * The captcha failure. The rule messages (`validations.*`) and field labels (`fields.*`) the server
 * and the SPA share are in `@brokerdesk/shared/i18n/<language>.json` (see shared-texts.ts).
 */
const MESSAGES: Record<string, Texts> = {
  'captcha.failed': [
    '验证码校验失败',
    'Captcha validation failed',
    '驗證碼驗證失敗',
    'Captcha-Prüfung fehlgeschlagen',
    'La verificación del captcha ha fallado',
    'Échec de la vérification du captcha',
    'Verifica captcha non riuscita',
    'キャプチャの検証に失敗しました',
    '캡차 검증에 실패했습니다',
    'تأیید کپچا ناموفق بود',
    'Falha na verificação do captcha',
    'Проверка капчи не пройдена',
  ],
}

/** The captcha failure by language. */
export const validationCatalogs = catalogsOf(MESSAGES)
