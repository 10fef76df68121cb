import { catalogsOf, type Texts } from './language-texts'

/** Messages of the input hygiene every request passes (plugins/input-hygiene.ts). */
const MESSAGES: Record<string, Texts> = {
  'errors.too_deep': [
    '请求数据嵌套过深（最多 {depth} 层）。',
    'The request is nested too deeply (at most {depth} levels).',
    '請求資料巢狀過深（最多 {depth} 層）。',
    'Die Anfrage ist zu tief verschachtelt (höchstens {depth} Ebenen).',
    'La solicitud está anidada demasiado (como máximo {depth} niveles).',
    'La requête est trop imbriquée (au plus {depth} niveaux).',
    'La richiesta è annidata troppo in profondità (al massimo {depth} livelli).',
    'リクエストの入れ子が深すぎます（最大 {depth} 階層）。',
    '요청의 중첩이 너무 깊습니다(최대 {depth}단계).',
    'درخواست بیش از حد تودرتو است (حداکثر {depth} سطح).',
    'A solicitação está aninhada demais (no máximo {depth} níveis).',
    'Запрос слишком глубоко вложен (не более {depth} уровней).',
  ],
  'errors.too_large': [
    '请求数据过大。',
    'The request is too large.',
    '請求資料過大。',
    'Die Anfrage ist zu groß.',
    'La solicitud es demasiado grande.',
    'La requête est trop volumineuse.',
    'La richiesta è troppo grande.',
    'リクエストが大きすぎます。',
    '요청이 너무 큽니다.',
    'درخواست بیش از حد بزرگ است.',
    'A solicitação é grande demais.',
    'Запрос слишком велик.',
  ],
}

/** The input hygiene messages by language. */
export const inputCatalogs = catalogsOf(MESSAGES)
