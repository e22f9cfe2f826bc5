import type MarkdownIt from 'markdown-it';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import type { NoteEnv } from '../noteEnv.js';

/** A tag's characters, as Obsidian allows them: letters, digits, `_`, `-` and `/` (nesting), emoji. */
const TAG_BODY = /^[\p{L}\p{N}\p{Extended_Pictographic}_/-]+/u;
/** Obsidian's rule: a tag is not only digits (`#123` is no tag). */
const HAS_NON_DIGIT = /[^\d]/;

/** The tag written at `text[start]` (a `#`), without the `#`; undefined when it is none. */
export function readTag(text: string, start: number): string | undefined {
  const before = start === 0 ? ' ' : text[start - 1]!;
  if (!/\s/.test(before)) return undefined; // `a#b`, a URL's fragment, `##`
  const match = TAG_BODY.exec(text.slice(start + 1, start + 201));
  const tag = match?.[0].replace(/\/+$/, '');
  return tag && HAS_NON_DIGIT.test(tag) ? tag : undefined;
}

/**
 * The inline tags of a note's Markdown, without rendering it (the tag pages are laid out before notes are rendered):
 * code blocks, code spans, comments and heading markers skipped. The renderer finds the same in nearly every case.
 */
export function findInlineTags(body: string): string[] {
  const prose = withoutCode(body)
    .replace(/<!--[^]*?-->|%%[^]*?%%/g, '')
    .replace(/\]\([^)\s]*\)/g, ']');
  const tags: string[] = [];
  for (let index = prose.indexOf('#'); index !== -1; index = prose.indexOf('#', index + 1)) {
    const tag = readTag(prose, index);
    if (tag && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

/** Markdown without its fenced code blocks and code spans (a regular expression's approximation). */
export function withoutCode(markdown: string): string {
  return markdown
    .replace(/^( {0,3})(`{3,}|~{3,})[^]*?(?:^ {0,3}\2[`~]*[ \t]*$|(?![^]))/gm, '')
    .replace(/(`+)[^`][^]*?\1/g, '');
}

/** `#tag` and `#nested/tag` in text: a link to the tag's page, collected on the note (`env.inlineTags`). */
export function inlineTagsPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('text', 'obsidian_tag', (state: StateInline, silent: boolean) => {
    const env = state.env as NoteEnv;
    if (
      state.src.charCodeAt(state.pos) !== 0x23 /* # */ ||
      (state as StateInline & { linkLevel: number }).linkLevel > 0 ||
      !env.obsidian
    )
      return false;
    const tag = readTag(state.src, state.pos);
    if (!tag) return false;
    if (!silent) {
      const open = state.push('link_open', 'a', 1);
      open.attrs = [
        ['href', env.obsidian.tagRoute(tag)],
        ['class', 'tag tag-inline'],
      ];
      open.meta = { obsidianTag: tag };
      state.push('text', '', 0).content = `#${tag}`;
      state.push('link_close', 'a', -1);
      const tags = env.inlineTags;
      if (tags && !tags.includes(tag)) tags.push(tag);
    }
    state.pos += tag.length + 1;
    return true;
  });
}
