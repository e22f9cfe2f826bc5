/**
 * What a note's raw HTML may do: config `markdown.rawHtml`. 'allow' (the default, as Docusaurus): the notes are the
 * owner's and their HTML is published as written. 'sanitize': for sites that publish others' text, every note's HTML
 * loses what runs (sanitizeHtml.ts).
 */
export type RawHtmlPolicy = 'allow' | 'sanitize';

/** Rendered HTML in, HTML with nothing that runs out. */
export type HtmlSanitizer = (html: string) => string;

/** The policy's sanitiser: none for 'allow', so that the default loads and costs nothing. */
export async function loadHtmlSanitizer(policy: RawHtmlPolicy): Promise<HtmlSanitizer | undefined> {
  if (policy === 'allow') return undefined;
  const { sanitizeNoteHtml } = await import('./sanitizeHtml.js');
  return sanitizeNoteHtml;
}
