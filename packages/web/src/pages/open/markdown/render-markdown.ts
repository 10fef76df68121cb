/**
 * Markdown as HTML (GitHub-flavoured), with marked loaded on first use. The HTML is not safe yet:
 * show it through SafeHtml, which sanitizes it.
 */
export async function renderMarkdown(source: string): Promise<string> {
  const { marked } = await import('marked')
  return marked.parse(source, { async: false, gfm: true })
}
