import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import type { SourcePath } from '../../shared/paths.js';
import { admonitionsPlugin } from './admonitions.js';
import { autolinksPlugin } from './autolinks.js';
import { headingIdsPlugin } from './headings.js';
import { renderCodeBlock, renderMermaid } from './codeBlocks.js';
import { createHighlighter } from './highlight.js';
import { linksPlugin } from './links.js';
import { mathPlugin, renderDisplayMath } from './math.js';
import { skipMdxPreamble } from './mdxPreamble.js';
import type { HeadingInfo, LinkRecord, LinkResolver, NoteEnv } from './noteEnv.js';
import type { HtmlSanitizer } from './rawHtml.js';
import { obsidianPlugin, type ObsidianRendererOptions } from './obsidian/index.js';
import type { ObsidianMarkdown } from './obsidian/types.js';
import { isTaskCheckbox, taskListsPlugin } from './taskLists.js';

/**
 * markdown-it, chosen by measurement on the real corpus: as fast as marked, far faster than remark+rehype, and its
 * token stream carries line numbers, which every broken-link message needs (figures: bench/README.md).
 */
export function createMarkdownRenderer(obsidian: ObsidianRendererOptions = NO_OBSIDIAN): MarkdownIt {
  const md = new MarkdownIt({ html: true, linkify: true, typographer: false });
  const highlight = createHighlighter();
  // The default also punycode-encodes every host name: a third of parse time on a link-heavy wiki, and
  // browsers do that themselves. Percent-encoding is all an href needs.
  const { encode } = md.utils.lib.mdurl;
  md.normalizeLink = (url) => (ENCODED_URL.test(url) ? url : encode(url));
  // markdown-it trims and lower-cases every URL to look for four unsafe schemes; most cannot start with one.
  const validateLink = md.validateLink.bind(md);
  md.validateLink = (url) => CANNOT_START_UNSAFE_SCHEME.test(url) || validateLink(url);
  md.renderer.rules.fence = (tokens, idx, _options, env: NoteEnv) => {
    const token = tokens[idx]!;
    const language = token.info.trim().split(/\s+/)[0]?.toLowerCase();
    if (language === 'mermaid') {
      env.usesMermaid = true;
      return renderMermaid(token.content);
    }
    if (language === 'math') {
      env.usesMath = true;
      return renderDisplayMath(token.content);
    }
    return renderCodeBlock(token.content, token.info, highlight);
  };
  md.core.ruler.at('normalize', normalizeLineEnds);
  md.inline.ruler.at('text', skipText);
  md.use(autolinksPlugin).use(headingIdsPlugin).use(linksPlugin).use(admonitionsPlugin).use(taskListsPlugin);
  md.use(mathPlugin).use(obsidianPlugin, obsidian);
  return md;
}

const NO_OBSIDIAN: ObsidianRendererOptions = { enabled: false, breaks: false };

/**
 * markdown-it's `normalize` rule, which copies every note whole to replace each line end by itself: only a note
 * with carriage returns or NUL characters is rewritten.
 */
function normalizeLineEnds(state: StateCore): void {
  if (state.src.includes('\r')) state.src = state.src.replace(/\r\n?/g, '\n');
  if (state.src.includes('\0')) state.src = state.src.replace(/\0/g, '\uFFFD');
}

/**
 * markdown-it's `text` rule, with the next character it stops at found by a regular expression instead of a
 * character loop: the same HTML, parsed faster (bench/README.md).
 */
function skipText(state: StateInline, silent: boolean): boolean {
  TEXT_END.lastIndex = state.pos;
  const end = TEXT_END.test(state.src) ? Math.min(TEXT_END.lastIndex - 1, state.posMax) : state.posMax;
  if (end === state.pos) return false;
  if (!silent) state.pending += state.src.slice(state.pos, end);
  state.pos = end;
  return true;
}

/** The characters markdown-it's text rule stops at (rules_inline/text.mjs: isTerminatorChar). */
const TEXT_END = /[\n!#$%&*+\-:<=>@[\\\]^_`{}~]/g;

/** A URL mdurl's encode() returns as it is: only the characters it keeps, and %XX escapes. */
const ENCODED_URL = /^(?:[0-9A-Za-z;/?:@&=+$,\-_.!~*'()#]|%[0-9A-Fa-f]{2})*$/;

/** A first character that is no space and no letter of vbscript:, javascript:, file: or data: (markdown-it's unsafe ones). */
const CANNOT_START_UNSAFE_SCHEME = /^[abceghik-uw-z0-9/.#?%_~-]/i;

export interface RenderNoteInput {
  readonly sourcePath: SourcePath;
  readonly body: string;
  readonly lineOffset: number;
  readonly resolveLink: LinkResolver;
  /** Set by `markdown.rawHtml: 'sanitize'`: applied to the note's HTML and to its headings' (the TOC shows those). */
  readonly sanitizeHtml?: HtmlSanitizer | undefined;
  /** The build's wikilink index and Obsidian settings; without it wikilinks and embeds stay text. */
  readonly obsidian?: ObsidianMarkdown | undefined;
}

/** A note's rendered Markdown. */
export interface NoteContent {
  readonly html: string;
  readonly headings: readonly HeadingInfo[];
  readonly links: readonly LinkRecord[];
  /** The ids of its raw HTML (`id` and `name` attributes), which links may point into like headings. */
  readonly htmlIds: readonly string[];
  /** The note holds math: its page needs KaTeX's stylesheet. */
  readonly usesMath?: true;
  /** The note holds a Mermaid diagram (`<pre class="mermaid">`). */
  readonly usesMermaid?: true;
  /** Its inline `#tags` (Obsidian syntax), without the `#`, in order of first use. */
  readonly inlineTags?: readonly string[];
}

/**
 * Markdown body -> HTML, with its headings (ids, levels) and every link it holds. Leading MDX imports, exports and
 * comments print nothing (Docusaurus compiles such a note as MDX).
 */
export function renderNote(md: MarkdownIt, input: RenderNoteInput): NoteContent {
  const start = printingPreambleEnd(input.body);
  const body = start === 0 ? input.body : input.body.slice(start);
  const lineOffset = start === 0 ? input.lineOffset : input.lineOffset + countLines(input.body, start);
  const env = createNoteEnv({ ...input, lineOffset });
  const tokens = md.parse(body, env);
  const html = md.renderer.render(tokens, md.options, env); // what md.render does
  const sanitize = input.sanitizeHtml;
  const uses = {
    ...(env.usesMath && { usesMath: env.usesMath }),
    ...(env.usesMermaid && { usesMermaid: true as const }),
    ...(env.inlineTags && env.inlineTags.length > 0 && { inlineTags: env.inlineTags }),
  };
  if (!sanitize || !hasRawHtml(tokens))
    return { html, headings: env.headings, links: env.links, htmlIds: env.htmlIds, ...uses };
  const headings = env.headings.map((heading) => ({ ...heading, html: sanitize(heading.html) }));
  return { html: sanitize(html), headings, links: env.links, htmlIds: env.htmlIds, ...uses };
}

/** Where a note's content starts past the MDX preamble; 0 when the preamble is only HTML comments (they print nothing). */
function printingPreambleEnd(body: string): number {
  const start = skipMdxPreamble(body);
  return start === 0 || ONLY_HTML_COMMENTS.test(body.slice(0, start)) ? 0 : start;
}

const ONLY_HTML_COMMENTS = /^(?:\s|<!--[^]*?-->)*$/;

/** The number of line ends in `text` before `end`. */
export function countLines(text: string, end: number): number {
  let lines = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < end; index = text.indexOf('\n', index + 1)) lines++;
  return lines;
}

/**
 * Whether the note holds raw HTML, the only part of its HTML the sanitiser has work on: markdown-it escapes every
 * other text and attribute and refuses javascript:, vbscript:, file: and data: link targets (its safe mode for
 * untrusted Markdown), and the plugins escape what they write. 3 notes of the real corpus's 1,062 hold any.
 */
function hasRawHtml(tokens: readonly Token[]): boolean {
  return tokens.some(
    (token) =>
      token.type === 'html_block' ||
      (token.type === 'inline' &&
        token.children!.some((child) => child.type === 'html_inline' && !isTaskCheckbox(child))),
  );
}

/** Fresh per-note state for the markdown-it plugins. */
export function createNoteEnv(input: Omit<RenderNoteInput, 'body'>): NoteEnv {
  return {
    sourcePath: input.sourcePath,
    lineOffset: input.lineOffset,
    slugger: new GithubSlugger(),
    resolveLink: input.resolveLink,
    headings: [],
    links: [],
    htmlIds: [],
    ...(input.obsidian && { obsidian: input.obsidian, inlineTags: [] }),
  };
}
