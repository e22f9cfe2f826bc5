/**
 * Finds the links of a note's Markdown source without rendering it (the backlinks stage reads every note before any
 * page is rendered): inline links `[x](y)`, reference links `[x][ref]` / `[ref]`, and `[[wikilinks]]`, outside code
 * blocks, inline code and HTML comments. Images and embeds (`![...]`) are not links.
 */
import type MarkdownIt from 'markdown-it';

/** A link as written in a note: where it starts and ends in the body, and its target. */
export interface ScannedLink {
  readonly start: number;
  readonly end: number;
  /** The destination as markdown-it hands it to the link resolver (unescaped, percent-encoded). */
  readonly target: string;
  /** Set for a `[[wikilink]]`: `target` is then its inside as written (`Note#Heading|alias`), for parseWikilink. */
  readonly wikilink?: true;
}

// `[[...]]` as the wikilink renderer reads it (WIKILINK_PATTERN of markdown/obsidian/syntax.ts, without embeds).
const WIKILINK = String.raw`\[\[([^[\]\n]+)\]\]`;

// Link text: anything but brackets, or one level of nested brackets (`[![img](a.png)](b.md)`).
const TEXT = String.raw`\[((?:[^[\]]|\[[^[\]]*\])*)\]`;
// Destination: `<...>`, or a run without spaces and with balanced parentheses one level deep; then an optional title.
const INLINE = String.raw`\(\s*(<[^<>\n]*>|(?:[^()\s]|\([^()\s]*\))+)(?:\s+(?:"[^"]*"|'[^']*'|\([^()]*\)))?\s*\)`;
const REFERENCE = String.raw`(?:\[([^[\]]*)\])?`;
// One pass finds all three: a wikilink, an inline link, or a reference link (full, collapsed or shortcut).
const LINK = new RegExp(`${WIKILINK}|${TEXT}(?:${INLINE}|${REFERENCE})`, 'g');
const DEFINITION = /^ {0,3}\[((?:[^[\]\\]|\\.)+)\]:[ \t]*\n?[ \t]*(<[^<>\n]*>|\S+)[^\n]*$/gm;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;
const EXTERNAL_OR_SAME_PAGE = /^<?(?:[a-z][a-z\d+.-]*:|\/\/|#|>?$)/i;
const PLAIN_DESTINATION = /^[\w./#?=:~+-]*$/;

/**
 * Every link of a Markdown body that may lead to another page of the site, in order: external links (`scheme:`,
 * `//host`) and same-page links (`#id`) are left out. `md` normalises destinations as the renderer does.
 */
export function scanMarkdownLinks(body: string, md: MarkdownIt): ScannedLink[] {
  if (!body.includes('[')) return [];
  const definitions = new Map<string, string>();
  const code = blankCode(body);
  const text = !code.includes(']:')
    ? code
    : code.replace(DEFINITION, (line, label: string, destination: string) => {
        if (label.startsWith('^')) return line; // a footnote, not a link
        const key = md.utils.normalizeReference(label);
        if (!definitions.has(key)) definitions.set(key, destination); // the first definition wins, as in CommonMark
        return blank(line);
      });
  const links: ScannedLink[] = [];
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    if (text[start - 1] === '!' || text[start - 1] === '\\') continue; // an image or embed, or an escaped bracket
    const end = start + match[0].length;
    const [, wikiTarget, label = '', inline, reference] = match;
    if (wikiTarget !== undefined) {
      links.push({ start, end, target: wikiTarget, wikilink: true });
      continue;
    }
    const destination =
      inline ??
      definitions.get(md.utils.normalizeReference(reference === undefined || reference === '' ? label : reference));
    if (destination === undefined || EXTERNAL_OR_SAME_PAGE.test(destination)) continue;
    links.push({ start, end, target: normaliseDestination(destination, md) });
  }
  return links;
}

function normaliseDestination(destination: string, md: MarkdownIt): string {
  const bare = destination.startsWith('<') ? destination.slice(1, -1) : destination;
  // Most destinations are plain ASCII paths, which markdown-it leaves as they are (its normaliser is slow).
  if (PLAIN_DESTINATION.test(bare)) return bare;
  return md.normalizeLink(md.utils.unescapeAll(bare));
}

/**
 * The body with fenced code blocks, inline code spans and HTML comments replaced by spaces (line breaks kept), so
 * offsets still point into the original text.
 */
export function blankCode(body: string): string {
  let text = body.includes('```') || body.includes('~~~') ? blankFences(body) : body;
  if (text.includes('`')) text = text.replace(/(`+)(?!`)[^]*?[^`]\1(?!`)/g, blank);
  if (text.includes('<!--')) text = text.replace(/<!--[^]*?-->/g, blank);
  return text;
}

function blankFences(body: string): string {
  const lines = body.split('\n');
  let fence: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const opening = FENCE.exec(line)?.[1];
    if (fence === undefined) {
      if (opening === undefined) continue;
      fence = opening;
    } else if (
      opening !== undefined &&
      opening[0] === fence[0] &&
      opening.length >= fence.length &&
      line.trim() === opening
    ) {
      fence = undefined;
    }
    lines[index] = blank(line);
  }
  return lines.join('\n');
}

/** Spaces for every character but line breaks. */
function blank(text: string): string {
  return text.replace(/[^\n]/g, ' ');
}
