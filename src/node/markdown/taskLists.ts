import type MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

// GFM task lists in a dozen lines: the published plugins for this are unmaintained since 2018.
const marker = /^\[([ xX])\][ \u00a0]/;

/** `- [x] done` becomes a list item with a disabled, checked checkbox. */
export function taskListsPlugin(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'task_lists', (state) => {
    const tokens = state.tokens;
    for (let i = 2; i < tokens.length; i++) {
      const inline = tokens[i]!;
      if (
        inline.type !== 'inline' ||
        tokens[i - 1]!.type !== 'paragraph_open' ||
        tokens[i - 2]!.type !== 'list_item_open'
      )
        continue;
      const first = inline.children?.[0];
      const match = first?.type === 'text' ? marker.exec(first.content) : null;
      if (!first || !match) continue;
      first.content = first.content.slice(match[0].length);
      const checkbox = new state.Token('html_inline', '', 0) as Token;
      checkbox.content = `<input type="checkbox" disabled${match[1] === ' ' ? '' : ' checked'}> `;
      checkbox.meta = CHECKBOX;
      inline.children!.unshift(checkbox);
      tokens[i - 2]!.attrJoin('class', 'task-list-item');
    }
  });
}

const CHECKBOX = { taskCheckbox: true };

/** Whether an html_inline token is a task list's box, which the engine writes (not raw HTML of the note). */
export function isTaskCheckbox(token: Token): boolean {
  return token.meta === CHECKBOX;
}
