import type MarkdownIt from 'markdown-it';
import type { PluginWithParams } from 'markdown-it';
import container from 'markdown-it-container';

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

// `:::tip Title` (Docusaurus 2) and `:::tip[Title]` (Docusaurus 3) both give a titled box.
const titleSyntax = /^\s*(\w+)(?:\[(.*)\]|\s+(.*))?\s*$/;

/**
 * `:::note` ... `:::` blocks rendered as admonition boxes. One container rule for every type: a rule per type had
 * each of them tried at the start of every block.
 */
export function admonitionsPlugin(md: MarkdownIt): void {
  // The plugin's bundled types name markdown-it's CJS build; the runtime object is the same.
  md.use(container as unknown as PluginWithParams, 'admonition', {
    validate: (params: string) => parseAdmonition(params) !== undefined,
    render: (tokens: { info: string; nesting: number }[], idx: number) => {
      const token = tokens[idx]!;
      if (token.nesting !== 1) return '</div></div>\n';
      const { type, title } = parseAdmonition(token.info)!;
      return `<div class="admonition admonition-${type}"><p class="admonition-heading">${md.utils.escapeHtml(title)}</p><div class="admonition-content">\n`;
    },
  });
}

/** A container's type and title (the type's name when none is given); undefined when it is no admonition type. */
function parseAdmonition(params: string): { type: AdmonitionType; title: string } | undefined {
  const match = titleSyntax.exec(params);
  const name = match?.[1]?.toLowerCase();
  const type = admonitionTypes.find((known) => known === name);
  return type && { type, title: (match?.[2] ?? match?.[3] ?? '').trim() || type };
}

type AdmonitionType = (typeof admonitionTypes)[number];
