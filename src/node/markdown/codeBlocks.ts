import { createRequire } from 'node:module';
import { escapeAttribute, escapeHtml } from '../../shared/html.js';
import { normalizeLanguage, type Highlighter } from './highlight.js';
import { applyMagicComments } from './magicComments.js';

/** What a fence's info string says, read as Docusaurus reads it: `js title="a.js" {1,3-4} showLineNumbers=5`. */
export interface CodeBlockInfo {
  /** The language as written (`Bash`, `sh`), '' when none. */
  readonly language: string;
  readonly title?: string;
  /** 1-based line numbers from a `{1,3-4}` range; magic comments are then not read (as in Docusaurus). */
  readonly lineRange?: ReadonlySet<number>;
  /** The first line's number when `showLineNumbers` is set. */
  readonly lineNumbersStart?: number;
}

const TITLE = /title=(["'])(.*?)\1/;
const LINE_RANGE = /\{([\d,\s-]+)\}/;
const LINE_NUMBERS = /\bshowLineNumbers\b(?:=(\d+))?/;

/** The language and options of a fence's info string. */
export function parseCodeBlockInfo(info: string): CodeBlockInfo {
  const trimmed = info.trim();
  const language = trimmed.split(/\s+/)[0] ?? '';
  const meta = trimmed.slice(language.length);
  const title = TITLE.exec(meta)?.[2];
  const range = LINE_RANGE.exec(meta)?.[1];
  const lineNumbers = LINE_NUMBERS.exec(meta);
  return {
    language,
    ...(title !== undefined && { title }),
    ...(range !== undefined && { lineRange: parseLineRange(range) }),
    ...(lineNumbers && { lineNumbersStart: Number(lineNumbers[1] ?? 1) }),
  };
}

/** `1,3-5` -> {1, 3, 4, 5}. */
export function parseLineRange(range: string): Set<number> {
  const lines = new Set<number>();
  for (const part of range.split(',')) {
    const [from, to] = part.split('-').map((bound) => Number.parseInt(bound.trim(), 10));
    if (from === undefined || Number.isNaN(from)) continue;
    const last = to === undefined || Number.isNaN(to) ? from : Math.min(to, from + 10_000);
    for (let line = from; line <= last; line++) lines.add(line);
  }
  return lines;
}

/**
 * A fenced code block's HTML, highlighted at build time. A block with no title, highlighted line or line numbers is
 * the plain `<pre class="language-x">`; otherwise a `div.code-block` holds the title and one `span.code-line` per line.
 */
export function renderCodeBlock(code: string, info: string, highlight: Highlighter): string {
  const parsed = parseCodeBlockInfo(info);
  const language = normalizeLanguage(parsed.language) || 'text';
  const className = `language-${escapeAttribute(language)}`;
  const pre = (body: string) =>
    `<pre class="${className}" tabindex="0"><code class="${className}">${body}</code></pre>`;
  const sourceLines = code.replace(/\n$/, '').split('\n');
  const { lines, highlighted } = parsed.lineRange
    ? { lines: sourceLines, highlighted: new Set([...parsed.lineRange].map((line) => line - 1)) }
    : applyMagicComments(sourceLines, parsed.language);
  const plain = parsed.title === undefined && parsed.lineNumbersStart === undefined && highlighted.size === 0;
  if (plain && lines.length === sourceLines.length) return `${pre(highlight(code, language))}\n`;
  const body = splitHtmlLines(highlight(lines.join('\n'), language))
    .map((line, index) => {
      const lineClass = highlighted.has(index) ? 'code-line code-line--highlighted' : 'code-line';
      return `<span class="${lineClass}">${line}\n</span>`;
    })
    .join('');
  const numbered = parsed.lineNumbersStart !== undefined;
  const wrapperClass = numbered ? 'code-block code-block--line-numbers' : 'code-block';
  // The counter is incremented before each line shows it, so it starts one below the first number.
  const style = numbered ? ` style="counter-reset: line ${parsed.lineNumbersStart! - 1}"` : '';
  const title = parsed.title ? `<div class="code-block-title">${escapeHtml(parsed.title)}</div>` : '';
  return `<div class="${wrapperClass}"${style}>${title}${pre(body)}</div>\n`;
}

/** A Mermaid diagram's source, for the browser's diagram renderer to draw. */
export function renderMermaid(source: string): string {
  return `<pre class="mermaid">${escapeHtml(source)}</pre>\n`;
}

const HTML_PIECE = /<\/?[A-Za-z][^>]*>|\n|[^<\n]+|</g;

/**
 * Highlighted HTML cut into lines, each with its tags balanced: a token span that runs over several lines (a block
 * comment, a template string) is closed at each line end and opened again on the next line.
 */
export function splitHtmlLines(html: string): string[] {
  const lines: string[] = [];
  const open: { tag: string; name: string }[] = [];
  let line = '';
  for (const [piece] of html.matchAll(HTML_PIECE)) {
    if (piece === '\n') {
      lines.push(line + closingTags(open));
      line = open.map((element) => element.tag).join('');
    } else if (piece.startsWith('</')) {
      open.pop();
      line += piece;
    } else if (piece.length > 1 && piece.startsWith('<')) {
      if (!piece.endsWith('/>')) open.push({ tag: piece, name: /^<([A-Za-z][\w-]*)/.exec(piece)![1]! });
      line += piece;
    } else line += piece;
  }
  lines.push(line + closingTags(open));
  return lines;
}

function closingTags(open: readonly { name: string }[]): string {
  return open
    .map((element) => `</${element.name}>`)
    .reverse()
    .join('');
}

/**
 * Mermaid's prebuilt browser file, copied into the output for a site with diagrams: the browser loads it only on a page
 * that holds one. Prebuilt rather than bundled: bundling it made every site's client build 5x slower and 6 MB larger.
 */
export function mermaidAssetCopies(): Map<string, string> {
  const file = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');
  return new Map([[file, MERMAID_OUTPUT]]);
}

/** Where Mermaid's browser file goes in the output (site-relative; the island finds it beside its own chunk). */
export const MERMAID_OUTPUT = 'assets/mermaid/mermaid.min.js';
