import type MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type Token from 'markdown-it/lib/token.mjs';

/** Obsidian's callout types, each with its aliases. */
const CALLOUT_TYPES: Readonly<Record<string, readonly string[]>> = {
  note: [],
  abstract: ['summary', 'tldr'],
  info: [],
  todo: [],
  tip: ['hint', 'important'],
  success: ['check', 'done'],
  question: ['help', 'faq'],
  warning: ['caution', 'attention'],
  failure: ['fail', 'missing'],
  danger: ['error'],
  bug: [],
  example: [],
  quote: ['cite'],
};

const TYPE_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(CALLOUT_TYPES).flatMap(([type, aliases]) => [type, ...aliases].map((name) => [name, type] as const)),
);

/** A callout's first line: `[!type]`, `+` (folded open) or `-` (folded closed), and a title. */
const CALLOUT_LINE = /^\[!([^\]\s]+)\]([+-]?)[ \t]*([^\n]*)(?:\n|$)/;

export interface CalloutHeader {
  /** The canonical type (`tldr` -> abstract); an unknown type is a note. */
  readonly type: string;
  readonly fold?: 'open' | 'closed';
  /** The title as written (Markdown), else the type as written, capitalised. */
  readonly title: string;
  /** The length of the first line, line end included. */
  readonly length: number;
}

/** The callout a blockquote's first paragraph opens, if it does. */
export function parseCalloutHeader(text: string): CalloutHeader | undefined {
  const match = CALLOUT_LINE.exec(text);
  if (!match) return undefined;
  const written = match[1]!.toLowerCase();
  const title = match[3]!.trim() || written.charAt(0).toUpperCase() + written.slice(1);
  const fold = match[2] === '+' ? 'open' : match[2] === '-' ? 'closed' : undefined;
  return { type: TYPE_OF.get(written) ?? 'note', ...(fold && { fold }), title, length: match[0].length };
}

/**
 * `> [!type] Title` blockquotes rendered as callouts: `<div class="callout">` (or `<details>` when foldable) with a
 * title (inline Markdown) and content; nested callouts are blockquotes inside, handled the same way.
 */
export function calloutsPlugin(md: MarkdownIt): void {
  md.core.ruler.after('block', 'obsidian_callouts', convertCallouts);
  const tag = (token: Token) => ((token.meta as CalloutHeader).fold ? 'details' : 'div');
  md.renderer.rules.callout_open = (tokens, idx) => {
    const header = tokens[idx]!.meta as CalloutHeader;
    const type = md.utils.escapeHtml(header.type);
    const open = header.fold === 'open' ? ' open' : '';
    return `<${tag(tokens[idx]!)} class="callout callout-${type}" data-callout="${type}"${open}>\n`;
  };
  md.renderer.rules.callout_close = (tokens, idx) => `</div></${tag(tokens[idx]!)}>\n`;
  md.renderer.rules.callout_title_open = (tokens, idx) =>
    `<${tag(tokens[idx]!) === 'details' ? 'summary' : 'div'} class="callout-title">`;
  md.renderer.rules.callout_title_close = (tokens, idx) =>
    `</${tag(tokens[idx]!) === 'details' ? 'summary' : 'div'}><div class="callout-content">\n`;
}

function convertCallouts(state: StateCore): void {
  if (!state.src.includes('[!')) return;
  const tokens = state.tokens;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const open = tokens[i]!;
    const inline = tokens[i + 2];
    if (open.type !== 'blockquote_open' || tokens[i + 1]?.type !== 'paragraph_open' || inline?.type !== 'inline')
      continue;
    const header = parseCalloutHeader(inline.content);
    if (!header) continue;
    open.type = 'callout_open';
    open.meta = header;
    const close = tokens[matchingClose(tokens, i)]!;
    close.type = 'callout_close';
    close.meta = header;
    const title = new state.Token('inline', '', 0);
    title.content = header.title;
    title.children = [];
    title.map = inline.map;
    const titleTokens = [
      new state.Token('callout_title_open', '', 1),
      title,
      new state.Token('callout_title_close', '', -1),
    ];
    for (const token of titleTokens) token.meta = header;
    const rest = inline.content.slice(header.length);
    if (rest.trim() === '') {
      tokens.splice(i + 1, 3, ...titleTokens); // the first paragraph held only the title line
      continue;
    }
    inline.content = rest;
    const paragraph = tokens[i + 1]!;
    if (paragraph.map) paragraph.map = [paragraph.map[0] + 1, paragraph.map[1]];
    if (inline.map) inline.map = [inline.map[0] + 1, inline.map[1]];
    tokens.splice(i + 1, 0, ...titleTokens);
  }
}

/** The index of the `blockquote_close` that closes the blockquote opened at `openIndex`. */
function matchingClose(tokens: readonly Token[], openIndex: number): number {
  let depth = 0;
  for (let i = openIndex + 1; i < tokens.length; i++) {
    const type = tokens[i]!.type;
    if (type === 'blockquote_open' || type === 'callout_open') depth++;
    else if (type === 'blockquote_close' || type === 'callout_close') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return tokens.length - 1;
}
