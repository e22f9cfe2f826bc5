/** Rendered note HTML -> plain text for search records: block elements become line breaks, entities are decoded. */
import { decodeEntities } from '../../shared/html.js';

// A list opening inside a list item breaks the line too: "Kubernetes" and its sub-items are separate lines.
const BLOCK_END =
  /<\/(?:p|li|pre|blockquote|tr|div|table|ul|ol|dd|dt|h[1-6]|details|summary|figure|figcaption)>|<(?:ul|ol|li)\b[^>]*>|<br\s*\/?>|<hr\s*\/?>/gi;
const TAG = /<[^>]*>/g;
const COMMENT = /<!--[\s\S]*?-->/g;

/**
 * Whitespace to collapse into one space within a line: runs of two or more, and single characters other than a space.
 * A lone space is left alone: replacing every space of the notes' HTML by itself cost indexing time (bench/README.md).
 */
const SPACE_RUN = /(?:[^\S\n]|\u200B){2,}|[^\S\n ]|\u200B/g;

/** The paragraphs of an HTML fragment as plain text (one string per non-empty line, whitespace collapsed). */
export function htmlToParagraphs(html: string): string[] {
  const text = decodeEntities(html.replace(COMMENT, '').replace(BLOCK_END, '\n').replace(TAG, '')).replace(
    SPACE_RUN,
    ' ',
  );
  const paragraphs: string[] = [];
  for (const line of text.split('\n')) {
    const paragraph = line.trim();
    if (paragraph) paragraphs.push(paragraph);
  }
  return paragraphs;
}

/** Plain text of an inline HTML fragment (a heading), on one line. */
export function htmlToInlineText(html: string): string {
  return decodeEntities(html.replace(COMMENT, '').replace(TAG, ''))
    .replace(/[\s\u200B]+/g, ' ')
    .trim();
}

/**
 * Packs paragraphs into chunks of at most `maxLength` characters (a longer paragraph is cut at word boundaries),
 * so every record stays small: hosted engines cap record sizes and the embedded index fetches one chunk per hit.
 */
export function chunkParagraphs(paragraphs: readonly string[], maxLength: number): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const paragraph of paragraphs.flatMap((p) => splitLongText(p, maxLength))) {
    if (current && current.length + 1 + paragraph.length > maxLength) {
      chunks.push(current);
      current = '';
    }
    current = current ? `${current}\n${paragraph}` : paragraph;
  }
  if (current) chunks.push(current);
  return chunks;
}

function splitLongText(text: string, maxLength: number): string[] {
  if (text.length <= maxLength) return [text];
  const parts: string[] = [];
  let rest = text;
  while (rest.length > maxLength) {
    const cut = rest.lastIndexOf(' ', maxLength);
    const at = cut > maxLength / 2 ? cut : maxLength;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}
