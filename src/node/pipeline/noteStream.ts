/**
 * Stage 6 of `wiki build`, parse + render: notes rendered a few at a time as their pages are written, so a note's HTML
 * is held only until its page is, and each note's Markdown is let go once it is rendered. While esbuild bundles (the
 * pages need its file names), notes are rendered ahead, up to a megabyte of HTML (AHEAD_HTML_CHARS); the rest as their
 * pages are pulled, ahead of them while the notes waiting hold no HTML (the notes the build cache gives back), or in an
 * incremental build little (LOOK_AHEAD_CHARS), the last megabyte of Markdown together (TAIL_CHARS). Each rendered note
 * goes to the search index and the link check as it is made.
 */
import type { SourcePath } from '../../shared/paths.js';
import type { DocPageModel } from '../../shared/types.js';
import type { Note, NoteContent, ParsedNote } from '../notes/note.js';
import { bodyLength, withBody } from '../notes/noteBodies.js';
import { type PageContent, withNoteContent } from '../resolve/pageModels.js';
import { type NoteParser, renderNoteContent, renderNotesWhile } from '../notes/parseNotes.js';
import type { BuildContext } from '../context.js';
import type { SearchIndexJob } from '../search/index.js';
import { checkLinks, type LinkCheckNote, toLinkCheckNote } from './checkLinks.js';
import type { SiteOutline } from './site.js';

/** The MDX notes' content, rendered before the stream starts (renderMdx in pipeline.ts), by source path. */
export type MdxContents = ReadonlyMap<SourcePath, NoteContent>;

export interface NoteStream {
  /** Renders notes in order until `until` settles, every note is rendered, or those waiting hold AHEAD_HTML_CHARS. */
  renderAhead(until: Promise<unknown>): Promise<void>;
  /** Every note's page with its content, in page order; each note is handed to the search index as it goes. */
  pages(): Generator<DocPageModel>;
  /** Reports broken links and anchors (once pages() has run through); returns the docs files to copy. */
  checkLinks(): Map<string, string>;
  /** The note file behind a page's route, as messages show it. */
  sourceOf(route: string): string | undefined;
}

/** Stage 6's first half for one note, parse + render: its HTML, headings, links and ids; a failure names the note. */
export function parseNoteContent(
  context: BuildContext,
  note: Note,
  parser: NoteParser,
  render: (note: Note, parser: NoteParser) => NoteContent = renderNoteContent,
): NoteContent {
  try {
    return render(note, parser);
  } catch (error) {
    throw new Error(`Can't render note ${context.displayPath(note.filePath)}`, { cause: error });
  }
}

export function createNoteStream(
  outline: SiteOutline,
  context: BuildContext,
  search: Pick<SearchIndexJob, 'add'> & Partial<Pick<SearchIndexJob, 'end'>>,
  mdx: MdxContents,
  /**
   * Renders a note's content, given the note as the outline holds it (its Markdown may have been let go: withBody reads
   * it again). `wiki build`'s cache reuses the last build's content, and reads no Markdown then.
   */
  renderContent: (note: Note, parser: NoteParser) => NoteContent = (note, parser) =>
    renderNoteContent(withBody(note, context.displayPath), parser),
  /**
   * How much HTML the notes waiting for their pages may hold while the page loop takes the next notes ahead: those the
   * build cache gives back hold none, so with 0 the loop takes them up to the next note rendered anew.
   */
  lookAheadChars = 0,
): NoteStream {
  const { notes: sources, summaries, notePages, parser } = outline;
  const ahead: (PageContent | undefined)[] = [];
  const linked: LinkCheckNote[] = [];
  const levels = context.config.tableOfContents;
  const render = (note: Note) => mdx.get(note.sourcePath) ?? parseNoteContent(context, note, parser, renderContent);
  const tailStart = startOfLast(sources, TAIL_CHARS);
  const fileByRoute = new Map<string, string>(sources.map((note) => [note.route, note.filePath]));
  let parsed = 0;
  let heldHtml = 0; // characters of HTML rendered ahead of their pages
  // A rendered note goes to the link check and the search index now, and waits for its page.
  const accept = (content: NoteContent, index: number) => {
    const source = sources[index]!;
    const doc: ParsedNote = { ...summaries[index]!, ...content };
    linked.push(toLinkCheckNote(doc));
    search.add(doc);
    // Rendered: its Markdown can go (a large site's Markdown is tens of megabytes).
    sources[index] = { ...source, body: '' };
    // Only what its page shows waits for it: an edit takes most notes ahead of their pages, and their links would be
    // held (and copied by every young-generation collection) until then.
    const { html, headings, usesMath } = content;
    ahead[index] = usesMath === undefined ? { html, headings } : { html, headings, usesMath };
    heldHtml += html.length;
    parsed = index + 1;
    if (parsed === sources.length) search.end?.();
  };
  return {
    async renderAhead(until) {
      await renderNotesWhile(sources, render, accept, { until, enough: () => heldHtml >= AHEAD_HTML_CHARS });
    },
    *pages() {
      for (let index = 0; index < sources.length; index++) {
        // This note, and those after it while the notes waiting hold no HTML, or less than lookAheadChars: an edit's
        // notes reach the index worker before their pages are checked, and its splice ends sooner.
        const parseTo = index < tailStart ? index + 1 : sources.length;
        while (parsed < parseTo || (parsed < sources.length && (heldHtml === 0 || heldHtml < lookAheadChars)))
          accept(render(sources[parsed]!), parsed);
        const content = ahead[index]!;
        ahead[index] = undefined;
        heldHtml -= content.html.length;
        yield withNoteContent(notePages[index]!, content, levels, context.config.baseUrl);
      }
    },
    checkLinks: () => checkLinks(linked, context),
    sourceOf: (route) => {
      const filePath = fileByRoute.get(route);
      return filePath && context.displayPath(filePath);
    },
  };
}

/**
 * Rendering ahead while esbuild bundles stops once the notes waiting for their pages hold this much HTML: a bundle
 * made anew (the first build of an engine version, or a site with theme overrides) takes long enough for most of a
 * large site's notes to be rendered and held, with the index worker's work on them, at once.
 */
const AHEAD_HTML_CHARS = 1_000_000;

/**
 * In an incremental build, the page loop takes notes ahead of their pages while those waiting hold less HTML than this:
 * an edit's few changed notes are rendered ahead with the unchanged ones around them, and the index worker splices
 * while the pages are checked. Not in a full build, whose notes all hold HTML: its peak memory rose with it.
 */
export const LOOK_AHEAD_CHARS = 128 * 1024;

/**
 * The last notes, this much of their Markdown, are rendered together before their pages: the index worker then gets
 * the last note earlier and writes its term shards while this thread writes those pages, instead of after. Bounded
 * so a large site's HTML is not all held.
 */
const TAIL_CHARS = 1_000_000;

/** The first of the last notes that hold at most `chars` characters of Markdown together. */
function startOfLast(docs: readonly Note[], chars: number): number {
  let start = docs.length;
  for (let total = 0; start > 0 && total + bodyLength(docs[start - 1]!) <= chars; start--)
    total += bodyLength(docs[start - 1]!);
  return start;
}
