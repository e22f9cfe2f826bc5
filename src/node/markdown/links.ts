import type MarkdownIt from 'markdown-it';
import type { NoteEnv } from './noteEnv.js';

/**
 * Rewrites note links to routes, external links to new tabs, and records every target with its line, and the ids
 * in the note's raw HTML (the only anchors besides headings: its other HTML escapes every quote).
 */
export function linksPlugin(md: MarkdownIt): void {
  md.core.ruler.push('resolve_links', (state) => {
    const env = state.env as NoteEnv;
    let blockLine = 0; // table cells carry no line map: use the row's
    for (const block of state.tokens) {
      if (block.map) blockLine = block.map[0];
      if (block.type === 'html_block') collectHtmlIds(block.content, env.htmlIds);
      if (block.type !== 'inline' || !block.children) continue;
      let line = env.lineOffset + blockLine + 1;
      for (const token of block.children) {
        if (token.type === 'softbreak' || token.type === 'hardbreak') line++;
        if (token.type === 'html_inline') collectHtmlIds(token.content, env.htmlIds);
        const attribute = token.type === 'link_open' ? 'href' : token.type === 'image' ? 'src' : undefined;
        const target = attribute && token.attrGet(attribute);
        if (!attribute || target === null || target === undefined) continue;
        const resolved = env.resolveLink(target, env.sourcePath);
        env.links.push({ target, line, resolved });
        token.attrSet(attribute, resolved.href);
        if (resolved.external && token.type === 'link_open') {
          token.attrSet('target', '_blank');
          token.attrSet('rel', 'noopener noreferrer');
        }
      }
    }
  });
}

/** Adds the values of `id="..."` and `name="..."` attributes in raw HTML. */
function collectHtmlIds(html: string, ids: string[]): void {
  if (!html.includes('id="') && !html.includes('name="')) return;
  for (const match of html.matchAll(/\s(?:id|name)="([^"]+)"/g)) ids.push(match[1]!);
}
