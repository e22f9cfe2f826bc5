import type MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type { NoteEnv } from './noteEnv.js';

// `## Title {#custom-id}`: Docusaurus's explicit heading id syntax.
const explicitId = /\s*\{#([^}\s]+)\}\s*$/;

/** Gives every heading an id (github-slugger, as the reference site; `-1`, `-2` for repeats) and records it. */
export function headingIdsPlugin(md: MarkdownIt): void {
  md.core.ruler.push('heading_ids', (state) => {
    const env = state.env as NoteEnv;
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const open = tokens[i]!;
      const inline = tokens[i + 1];
      if (open.type !== 'heading_open' || !inline) continue;
      const custom = takeExplicitId(inline);
      const text = headingText(inline.children ?? []);
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
    const label = md.utils.escapeHtml(`Direct link to ${meta.text}`);
    return `<a href="#${md.utils.escapeHtml(meta.id)}" class="hash-link" aria-label="${label}" title="${label}">\u200B</a></${close.tag}>\n`;
  };
}

function takeExplicitId(inline: Token): string | undefined {
  const children = inline.children ?? [];
  const last = children[children.length - 1];
  if (!last || last.type !== 'text') return undefined;
  const match = explicitId.exec(last.content);
  if (!match) return undefined;
  last.content = last.content.slice(0, match.index);
  return match[1];
}

/** The heading's plain text as mdast's toString sees it: text, code, raw HTML and image alt text. */
export function headingText(children: readonly Token[]): string {
  let text = '';
  for (const child of children) {
    if (child.type === 'text' || child.type === 'code_inline' || child.type === 'html_inline') text += child.content;
    else if (child.type === 'image') text += headingText(child.children ?? []);
    else if (child.type === 'softbreak' || child.type === 'hardbreak') text += '\n';
  }
  return text;
}

// The TOC shows heading text, not nested links (a link inside a TOC link is invalid HTML).
function stripLinks(children: readonly Token[]): Token[] {
  return children.filter((child) => child.type !== 'link_open' && child.type !== 'link_close');
}
