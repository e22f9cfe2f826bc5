import type MarkdownIt from 'markdown-it';
import type { PluginWithParams } from 'markdown-it';
import container from 'markdown-it-container';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';

export const admonitionTypes = [
  'note',
  'tip',
  'info',
  'caution',
  'danger',
  'warning',
  'important',
  'success',
  'secondary',
] as const;

// `:::tip Title` (Docusaurus 2) and `:::tip[Title]` (Docusaurus 3) both give a titled box; the title is Markdown.
const titleSyntax = /^\s*(\w+)(?:\[(.*)\]|\s+(.*))?\s*$/;

/**
 * `:::note` ... `:::` blocks rendered as admonition boxes. One container rule for every type: a rule per type had
 * each of them tried at the start of every block. The title is inline Markdown: its own inline token, so its links
 * are resolved and checked like any other.
 */
export function admonitionsPlugin(md: MarkdownIt): void {
  // The plugin's bundled types name markdown-it's CJS build; the runtime object is the same.
  md.use(container as unknown as PluginWithParams, 'admonition', {
    validate: (params: string) => parseAdmonition(params) !== undefined,
    render: (tokens: { info: string; nesting: number }[], idx: number) => {
      const token = tokens[idx]!;
      if (token.nesting !== 1) return '</div></div>\n';
      return `<div class="admonition admonition-${parseAdmonition(token.info)!.type}">`;
    },
  });
  md.core.ruler.after('block', 'admonition_titles', insertTitles);
  md.renderer.rules.admonition_title_open = () => '<p class="admonition-heading">';
  md.renderer.rules.admonition_title_close = () => '</p><div class="admonition-content">\n';
}

/** After each admonition's opening token: its title as an inline token (parsed by the `inline` rule that follows). */
function insertTitles(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const open = tokens[i]!;
    if (open.type !== 'container_admonition_open') continue;
    const title = new state.Token('inline', '', 0);
    title.content = parseAdmonition(open.info)!.title;
    title.children = [];
    title.map = open.map;
    tokens.splice(
      i + 1,
      0,
      new state.Token('admonition_title_open', 'p', 1),
      title,
      new state.Token('admonition_title_close', 'p', -1),
    );
  }
}

/** A container's type and title (the type's name when none is given); undefined when it is no admonition type. */
function parseAdmonition(params: string): { type: AdmonitionType; title: string } | undefined {
  const match = titleSyntax.exec(params);
  const name = match?.[1]?.toLowerCase();
  const type = admonitionTypes.find((known) => known === name);
  return type && { type, title: (match?.[2] ?? match?.[3] ?? '').trim() || type };
}

type AdmonitionType = (typeof admonitionTypes)[number];
