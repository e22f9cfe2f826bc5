import path from 'node:path';
import type MarkdownIt from 'markdown-it';
import type { Note, NoteContent, NoteSummary, ParsedNote } from './note.js';
import { parseNumberPrefix } from './numberPrefix.js';
import { createExcerpt } from '../markdown/excerpt.js';
import { skipMdxPreamble } from '../markdown/mdxPreamble.js';
import type { HeadingInfo, LinkResolver } from '../markdown/noteEnv.js';
import type { HtmlSanitizer } from '../markdown/rawHtml.js';
import { createMarkdownRenderer, createNoteEnv, renderNote } from '../markdown/renderNote.js';
import { cleanObsidianExcerpt } from '../markdown/obsidian/syntax.js';
import type { ObsidianMarkdown } from '../markdown/obsidian/types.js';
import { createLinkResolver, type LinkResolverOptions } from '../resolve/links.js';
import type { SourcePath } from '../../shared/paths.js';
import { flatString } from '../flatString.js';

/** Renders one note, with its title and description (what `wiki dev` does for an edit). */
export function parseNote(doc: Note, parser: NoteParser): ParsedNote {
  return { ...summariseNote(doc, parser), ...renderNoteContent(doc, parser) };
}

/**
 * A note's title and description, derived the way the reference site does, without rendering the note: the title is
 * the front matter's, else a leading `# heading`, else the file name. Only the body's first block is parsed.
 */
export function summariseNote(doc: Note, parser: NoteParser): NoteSummary {
  // The title is the first heading after MDX imports, exports and comments, as Docusaurus reads it.
  const start = skipMdxPreamble(doc.body);
  const content = start === 0 ? doc : { ...doc, body: doc.body.slice(start) };
  const first = leadingHeading(content, parser);
  const contentTitle = first?.level === 1 ? compatibleTitle(content.body, first.text.trim()) : undefined;
  const title = doc.frontMatter.title ?? contentTitle ?? parseNumberPrefix(path.posix.parse(doc.sourcePath).name).name;
  const bodyWithoutTitle = contentTitle !== undefined ? removeFirstHeading(content.body) : content.body;
  const { body: _source, ...located } = doc;
  const excerpt = createExcerpt(bodyWithoutTitle);
  return {
    ...located,
    title: detach(title),
    contentHasTitle: contentTitle !== undefined,
    description: detach(
      doc.frontMatter.description ??
        (excerpt && parser.obsidian?.enabled ? cleanObsidianExcerpt(excerpt) : excerpt) ??
        '',
    ),
  };
}

/** The note's Markdown rendered: HTML, headings (ids kept apart from the source) and link records. */
export function renderNoteContent(doc: Note, { md, resolveLink, sanitizeHtml, obsidian }: NoteParser): NoteContent {
  const rendered = renderNote(md, {
    sourcePath: doc.sourcePath,
    body: doc.body,
    lineOffset: doc.lineOffset,
    resolveLink,
    sanitizeHtml,
    obsidian,
  });
  return {
    html: flatString(rendered.html), // `wiki dev` holds every note's HTML
    headings: rendered.headings.map((heading) => ({ ...heading, id: detach(heading.id), text: detach(heading.text) })),
    links: rendered.links,
    htmlIds: rendered.htmlIds,
    ...(rendered.usesMath && { usesMath: true }),
    ...(rendered.usesMermaid && { usesMermaid: true }),
    ...(rendered.inlineTags && { inlineTags: rendered.inlineTags }),
  };
}

/**
 * The heading that opens the body, if its first block is one. The first block ends at the first blank line after
 * some content, so only that much is parsed (more when reference definitions, which make no block, come first).
 * Definitions are the one thing later text can change a heading with (`# [Title][ref]`): a body that may have one
 * and brackets up front is parsed whole.
 */
function leadingHeading(doc: Note, { md, resolveLink, obsidian }: NoteParser): HeadingInfo | undefined {
  const parseHead = (source: string) => {
    const env = createNoteEnv({ sourcePath: doc.sourcePath, lineOffset: doc.lineOffset, resolveLink, obsidian });
    return md.parse(source, env).length > 0 ? { first: env.headings[0] } : undefined;
  };
  for (let end = firstBlockEnd(doc.body, 0); ; end = firstBlockEnd(doc.body, end)) {
    const parsed = parseHead(doc.body.slice(0, end));
    if (!parsed && end < doc.body.length) continue;
    const first = parsed?.first?.isFirstBlock ? parsed.first : undefined;
    if (!first || end === doc.body.length || !doc.body.slice(0, end).includes('[') || !MAYBE_DEFINITION.test(doc.body))
      return first;
    return parseHead(doc.body)?.first;
  }
}

// Over-inclusive on purpose (definitions can sit in lists and quotes): a false hit only costs a full parse.
const MAYBE_DEFINITION = /\[[^\]\n]*\]:/;

// The end of the blank line that follows the next non-blank text after `from` (or the body's end).
function firstBlockEnd(body: string, from: number): number {
  const blank = /\S[^]*?\n[ \t]*(?:\n|$)/g;
  blank.lastIndex = from;
  const match = blank.exec(body);
  return match ? match.index + match[0].length : body.length;
}

/**
 * A copy of a string that was cut out of the note's source. V8 keeps a slice as a view of the whole source, so a
 * kept title or excerpt would keep every note's Markdown alive.
 */
function detach(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8'); // V8 copies slices under 13 characters
}

/**
 * One build's Markdown renderer, link resolver, raw HTML sanitiser (`markdown.rawHtml`) and Obsidian wikilink index
 * (`markdown.obsidian`), shared by every note.
 */
export interface NoteParser {
  readonly md: MarkdownIt;
  readonly resolveLink: LinkResolver;
  readonly sanitizeHtml?: HtmlSanitizer | undefined;
  readonly obsidian?: NoteParserObsidian | undefined;
}

/** The wikilink index, with each note's inline tags found before rendering (the tag pages are laid out first). */
export interface NoteParserObsidian extends ObsidianMarkdown {
  inlineTags(sourcePath: SourcePath): readonly string[] | undefined;
  /** The notes with a wikilink naming a note or file (what turns 'auto' on); `wiki dev` keeps it up to date. */
  readonly wikilinkNotes: Set<SourcePath>;
}

export function createNoteParser(
  resolverOptions: LinkResolverOptions,
  sanitizeHtml?: HtmlSanitizer,
  obsidian?: NoteParserObsidian,
): NoteParser {
  const md = createMarkdownRenderer(obsidian && { enabled: obsidian.enabled, breaks: obsidian.breaks });
  return { md, resolveLink: createLinkResolver(resolverOptions), sanitizeHtml, obsidian };
}

/**
 * What renders a note besides its source, its links and the config: what the parser took from every note (whether
 * Obsidian's syntax is on, with 'auto', and its line breaks). A build's caches key a note's summary and content on it.
 */
export function parserSettings(parser: NoteParser): string {
  return JSON.stringify([parser.obsidian?.enabled ?? false, parser.obsidian?.breaks ?? false]);
}

/** Parses notes in order on this thread. */
export function parseNotesInline(docs: readonly Note[], resolverOptions: LinkResolverOptions): ParsedNote[] {
  const parser = createNoteParser(resolverOptions);
  return docs.map((doc) => parseNote(doc, parser));
}

/** Every note's title and description (`summaries[i]` is `docs[i]`'s). */
export function summariseNotes(docs: readonly Note[], parser: NoteParser): NoteSummary[] {
  return docs.map((doc) => summariseNote(doc, parser));
}

export interface RenderWhileOptions {
  /** Stop once it settles (the bundles: `wiki build` renders ahead of its pages while esbuild makes them). */
  readonly until?: Promise<unknown>;
  /** Stop once this says so (checked before each note). */
  readonly enough?: () => boolean;
  /** How long a slice of rendering runs before the event loop does (20 ms by default). */
  readonly sliceMs?: number;
}

/**
 * Renders notes on this thread (with `render`: renderNoteContent, or a cache in front of it), handing each to
 * `onParsed` as it is done. Parsing in worker threads was measured and does not pay on two cores (bench/README.md):
 * each isolate warms up its own JIT, and allocation-heavy parsing contends for memory. The event loop runs between
 * slices of a few milliseconds: esbuild's plugins answer on this thread, and `wiki dev` serves and watches meanwhile.
 */
export async function renderNotesWhile(
  docs: readonly Note[],
  render: (doc: Note) => NoteContent,
  onParsed: (content: NoteContent, index: number) => void,
  { until, enough = () => false, sliceMs = 20 }: RenderWhileOptions = {},
): Promise<void> {
  let settled = !until;
  void until?.finally(() => (settled = true)).catch(() => undefined);
  let slice = performance.now();
  for (let index = 0; index < docs.length; index++) {
    if ((settled && until) || enough()) return;
    onParsed(render(docs[index]!), index);
    if (performance.now() - slice < sliceMs) continue;
    await new Promise((resolve) => setImmediate(resolve));
    slice = performance.now();
  }
}

/**
 * The reference reads a title only up to the first "#" or "{" of the heading line ("# C#" is titled "C");
 * when its raw text is a prefix of the rendered text we keep that shorter title so titles match it.
 */
function compatibleTitle(body: string, renderedText: string): string {
  const raw = /^\s*#\s*([^#\n{]*)/.exec(body)?.[1]?.trim();
  return raw && raw !== renderedText && renderedText.startsWith(raw) ? raw : renderedText;
}

// Drops a leading ATX (`# Title`) or setext (`Title\n===`) heading so the excerpt starts at the first paragraph.
function removeFirstHeading(body: string): string {
  const trimmed = body.trimStart();
  const atx = /^#[^\n]*\n?/.exec(trimmed);
  if (atx) return trimmed.slice(atx[0].length);
  const setext = /^[^\n]*\n=+[ \t]*\n?/.exec(trimmed);
  return setext ? trimmed.slice(setext[0].length) : trimmed;
}
