/** The custom patterns of SPEC §5. */
export const PATTERNS = {
  /** 11 digits, starting 1 then 3-9. */
  mobile: /^1[3-9]\d{9}$/,
  /** A 6-digit message code. */
  mobile_code: /^\d{6}$/,
  /** Chinese or Latin letters (with inner spaces or a middle dot for Latin and minority names). */
  name: /^(?:[\u4e00-\u9fa5·]+|[A-Za-z]+(?:[ '.-][A-Za-z]+)*)$/,
  /** A mainland ID number: 15 digits, or 17 digits and a digit or X. */
  id_card: /^(?:\d{15}|\d{17}[\dXx])$/,
  /** A fixed-line number: optional area code, 7-8 digits, optional extension. */
  fix_phone: /^(?:0\d{2,3}-?)?\d{7,8}(?:-\d{1,6})?$/,
  /** An address: Chinese, letters, digits and common punctuation. */
  addr: /^[\u4e00-\u9fa5A-Za-z0-9\s,.#\-()（）、，。号]+$/,
  english_addr: /^[A-Za-z0-9\s,.#\-/()']+$/,
  ipv4: /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/,
  ipv6: /^(?:(?:[0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|(?:[0-9a-fA-F]{1,4}:){1,7}:|(?:[0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|(?:[0-9a-fA-F]{1,4}:){1,5}(?::[0-9a-fA-F]{1,4}){1,2}|(?:[0-9a-fA-F]{1,4}:){1,4}(?::[0-9a-fA-F]{1,4}){1,3}|(?:[0-9a-fA-F]{1,4}:){1,3}(?::[0-9a-fA-F]{1,4}){1,4}|(?:[0-9a-fA-F]{1,4}:){1,2}(?::[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:(?::[0-9a-fA-F]{1,4}){1,6}|:(?:(?::[0-9a-fA-F]{1,4}){1,7}|:))$/,
  /** A domain name, 3-255 characters. */
  domain: /^(?=.{3,255}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/,
  /** Letters, digits and hyphens (and the commas separating them). */
  alpha_num_comma_symbol: /^[A-Za-z0-9,-]+$/,
  /** Starts with a letter, then letters, digits or underscore; at least 2 characters. */
  user_name: /^[A-Za-z][A-Za-z0-9_]{1,}$/,
  alpha: /^[\p{L}]+$/u,
  alpha_dash: /^[\p{L}\p{N}_-]+$/u,
  alpha_num: /^[\p{L}\p{N}]+$/u,
  alpha_spaces: /^[\p{L}\s]+$/u,
  alpha_numeric: /^[A-Za-z0-9]+$/,
  /** A website address must begin with http:// or https:// (SPEC §5). */
  website: /^https?:\/\/[^\s/$.?#][^\s]*$/i,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
} as const

export function isIp(value: string): boolean {
  return PATTERNS.ipv4.test(value) || PATTERNS.ipv6.test(value)
}

/** The mainland ID check digit (GB 11643) for 18-character numbers; 15-character ones have none. */
export function isValidIdCard(value: string): boolean {
  if (!PATTERNS.id_card.test(value)) return false
  if (value.length === 15) return true
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const checks = '10X98765432'
  const sum = weights.reduce((acc, w, i) => acc + w * Number(value[i]), 0)
  return checks[sum % 11] === value[17].toUpperCase()
}
