/**
 * Obsidian-flavoured Markdown for `.md` notes. Wikilinks, embeds, callouts, block ids and `%%comments%%` are parsed on
 * every site (CommonMark gives them no meaning); highlights, inline tags and line breaks only where Obsidian is on
 * (`markdown.obsidian`), as they change what plain Markdown means.
 */
import type MarkdownIt from 'markdown-it';
import { blockIdsPlugin } from './blockIds.js';
import { calloutsPlugin } from './callouts.js';
import { inlineTagsPlugin } from './inlineTags.js';
import { commentsPlugin, highlightPlugin } from './marks.js';
import { wikilinksPlugin } from './wikilinks.js';

export interface ObsidianRendererOptions {
  /** Highlights and inline tags. */
  readonly enabled: boolean;
  /** A single newline is a line break. */
  readonly breaks: boolean;
}

/** Adds Obsidian's syntax to a markdown-it renderer (after the engine's links plugin: wikilinks resolve after). */
export function obsidianPlugin(md: MarkdownIt, options: ObsidianRendererOptions): void {
  md.use(wikilinksPlugin).use(calloutsPlugin).use(commentsPlugin).use(blockIdsPlugin);
  if (options.enabled) md.use(highlightPlugin).use(inlineTagsPlugin);
  if (options.breaks) md.set({ breaks: true });
}
