import sanitizeHtml from 'sanitize-html'

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'code',
    'pre',
    'hr',
    'span',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link that opens elsewhere gets no handle on this page.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
  },
}

const HAS_TAG = /<[a-z][\s\S]*?>/i

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Plain text as HTML: a paragraph per blank-line-separated block, line breaks kept. */
function textToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeText(block).replace(/\r?\n/g, '<br>')}</p>`)
    .join('')
}

/**
 * Rich text as it is stored: HTML reduced to formatting, links (http, https, mailto) and images
 * (http, https); scripts, styles, event handlers and other attributes are dropped. A text without
 * any tag is taken as plain text, its paragraphs and line breaks kept.
 */
export function sanitizeRichText(input: string): string {
  const html = HAS_TAG.test(input) ? input : textToHtml(input)
  return sanitizeHtml(html, OPTIONS).trim()
}

/** Whether sanitized HTML shows anything: text or an image. */
export function hasVisibleContent(html: string): boolean {
  if (/<img\s/i.test(html)) return true
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') !== ''
}
