import type MarkdownIt from 'markdown-it';
import type { NoteEnv } from '../noteEnv.js';

const BLOCK_ID = /[ \t]+\^([A-Za-z0-9-]+)$/;

/**
 * `^id` at the end of a paragraph or list item: removed from the text and made the block's id (`#^id`), so
 * `[[Note#^id]]` links to it.
 */
export function blockIdsPlugin(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'obsidian_block_ids', (state) => {
    const env = state.env as NoteEnv;
    if (!env.obsidian) return;
    const tokens = state.tokens;
    for (let i = 1; i < tokens.length; i++) {
      const inline = tokens[i]!;
      if (inline.type !== 'inline' || tokens[i - 1]!.type !== 'paragraph_open' || !inline.content.includes('^'))
        continue;
      const last = inline.children?.at(-1);
      const match = last?.type === 'text' ? BLOCK_ID.exec(last.content) : null;
      if (!last || !match) continue;
      last.content = last.content.slice(0, match.index);
      const id = `^${match[1]!}`;
      const item = tokens[i - 2]?.type === 'list_item_open' ? tokens[i - 2]! : tokens[i - 1]!;
      item.attrSet('id', id);
      env.htmlIds.push(id);
    }
  });
}
