import type MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { escapeHtml } from '../../shared/html.js';
import type { NoteEnv } from './noteEnv.js';

// `## Title {#custom-id}` and Docusaurus 3.10's `## Title {/* #custom-id */}` (valid MDX): explicit heading ids.
const explicitId = /\s*(?<!\\)\{(?:#([^}\s]+)|\/\*\s*#([^\s*]+)\s*\*\/)\}\s*$/;

/** A heading's source text without its explicit id marker, and that id (`Title {#my-id}` -> Title, my-id). */
export function parseHeadingId(text: string): { text: string; id?: string } {
  const match = explicitId.exec(text);
  if (!match) return { text };
  return { text: text.slice(0, match.index), id: match[1] ?? match[2]! };
}

/** Gives every heading an id (github-slugger, as the reference site; `-1`, `-2` for repeats) and records it. */
export function headingIdsPlugin(md: MarkdownIt): void {
  // On the heading's source, before inline parsing: `{/*#id*/}` would otherwise parse as emphasis.
  md.core.ruler.before('inline', 'heading_explicit_ids', (state) => {
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length - 1; i++) {
      const inline = tokens[i + 1]!;
      if (tokens[i]!.type !== 'heading_open' || inline.type !== 'inline') continue;
      const { text, id } = parseHeadingId(inline.content);
      if (id === undefined) continue;
      inline.content = text;
      tokens[i]!.meta = { explicitId: id };
    }
  });
  md.core.ruler.push('heading_ids', (state) => {
    const env = state.env as NoteEnv;
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const open = tokens[i]!;
      const inline = tokens[i + 1];
      if (open.type !== 'heading_open' || !inline) continue;
      const custom = (open.meta as { explicitId?: string } | null)?.explicitId;
      const text = headingText(inline.children ?? []);
      if (custom === undefined && text.trim() === '') continue; // an empty `###`: no id, no TOC entry (Docusaurus)
      const id = custom ?? env.slugger.slug(text);
      open.attrSet('id', id);
      const close = tokens[i + 2];
      if (close?.type === 'heading_close') close.meta = { id, text };
      const level = Number(open.tag.slice(1));
      const html = md.renderer.renderInline(stripLinks(inline.children ?? []), state.md.options, env);
      env.headings.push({
        id,
        level,
        text,
        html,
        line: env.lineOffset + (open.map?.[0] ?? 0) + 1,
        isFirstBlock: i === 0,
      });
    }
  });
  md.renderer.rules.heading_close = (tokens, idx) => {
    const close = tokens[idx]!;
    const meta = close.meta as { id: string; text: string } | null;
    if (!meta) return `</${close.tag}>\n`;
    return `${headingAnchorHtml(meta.id, meta.text)}</${close.tag}>\n`;
  };
}

/** The "#" link a heading ends with (Markdown and MDX notes alike), escaped as markdown-it escapes text. */
export function headingAnchorHtml(id: string, text: string): string {
  const label = escapeHtml(`Direct link to ${text}`);
  return `<a href="#${escapeHtml(id)}" class="hash-link" aria-label="${label}" title="${label}">\u200B</a>`;
}

/** The heading's plain text as mdast's toString sees it: text, code, math, raw HTML and image alt text. */
export function headingText(children: readonly Token[]): string {
  let text = '';
  for (const child of children) {
    if (
      child.type === 'text' ||
      child.type === 'code_inline' ||
      child.type === 'html_inline' ||
      child.type === 'math_inline'
    )
      text += child.content;
    else if (child.type === 'image') text += headingText(child.children ?? []);
    else if (child.type === 'softbreak' || child.type === 'hardbreak') text += '\n';
  }
  return text;
}

// The TOC shows heading text, not nested links (a link inside a TOC link is invalid HTML).
function stripLinks(children: readonly Token[]): Token[] {
  return children.filter((child) => child.type !== 'link_open' && child.type !== 'link_close');
}
