/**
 * What lets an incremental `wiki build` skip hashing the page model of every note (buildCache.ts reusePage): a digest of
 * everything the layout stage makes the note pages from, but for each note's own content and last-update date and the
 * backlinks. While it is the last build's, a page whose note has the same content and date, and whose backlinks no
 * changed link touched, has the same model: its hash is carried over instead of made again from the whole model.
 */
import { hashOfParts } from '../hashOf.js';
import type { Note, NoteSummary } from '../notes/note.js';
import type { LinksChange } from './outlineCache.js';
import type { LayoutInput } from './pipeline.js';

/** What buildCache.ts needs to carry a note page's hash over from the last build. */
export interface PageCarry {
  readonly layoutKey: string;
  /** The digest of every note's links now (recorded for the next build), and of those the links cache held. */
  readonly links: string;
  readonly linksBefore: string | undefined;
  /** The routes whose backlinks may have changed: their pages are hashed from their models. */
  readonly touched: ReadonlySet<string>;
}

/** When no note's links are read (no backlinks, no graph): they change no page. */
const NO_LINKS: LinksChange = { now: 'no links', before: 'no links', touched: new Set() };

/**
 * The carry of this build, when it knows how every note's links changed against the links cache's (`links`; in a site
 * that reads no links, `readsLinks` false, NO_LINKS stands for them). A first build's carry has no links before: its
 * pages are hashed from their models, and their hashes and links kept for the next build to carry.
 */
export function pageCarry(
  input: LayoutInput,
  notes: readonly Note[],
  readsLinks: boolean,
  links: LinksChange | undefined,
): PageCarry | undefined {
  const change = readsLinks ? links : NO_LINKS;
  if (!change) return undefined;
  return {
    layoutKey: layoutKey(input),
    links: change.now,
    linksBefore: change.before,
    touched: touchedRoutes(change.touched, notes),
  };
}

/**
 * The layout's input, every field of it hashed but three: the backlinks (a page's own are the links of the notes linking
 * to it: see PageCarry's touched), the inline tags function, stood for by each note's tags, and the dates, which each
 * page's hash takes for itself (one edited note changes its own date, not the others' pages). A field added to the
 * input is hashed too: as JSON, Maps and Sets as lists. Hashed a note at a time (hashOfParts), never as one JSON text
 * of every summary (~56 MB at 100,000 notes).
 */
export function layoutKey(input: LayoutInput): string {
  const { summaries, backlinks: _backlinks, dates: _dates, inlineTags, ...rest } = input;
  return hashOfParts(layoutParts(summaries, rest, inlineTags));
}

/** The parts layoutKey hashes: the summaries after their count, the rest of the input, each note's inline tags. */
function* layoutParts(
  summaries: readonly NoteSummary[],
  rest: object,
  inlineTags: LayoutInput['inlineTags'],
): Generator<string> {
  yield String(summaries.length); // where the summaries end: no other list of parts is the same
  for (const summary of summaries) yield summaryJson(summary);
  yield JSON.stringify(rest, (_key, value: unknown) =>
    value instanceof Map ? [...value] : value instanceof Set ? [...value] : value,
  );
  if (inlineTags) for (const summary of summaries) yield JSON.stringify(inlineTags(summary.sourcePath) ?? null);
}

/**
 * A summary as the layout reads it: without where the note's body lies in its file, nor the digest of the body let go
 * (released), which an edit changes when the summary stays the same; the content is hashed page by page.
 */
function summaryJson(summary: NoteSummary): string {
  const { lineOffset: _line, bodyStart: _start, released: _released, ...read } = summary;
  return JSON.stringify(read);
}

/**
 * The routes of the notes whose backlinks may have changed. A note's old links name notes by their index in the last
 * build's order, which is this build's while the layout key is the same (the only case a page is carried over); when it
 * is not, an index may name no note now, and nothing is carried over anyway.
 */
function touchedRoutes(touched: ReadonlySet<number>, notes: readonly Note[]): Set<string> {
  const routes = new Set<string>();
  for (const index of touched) if (index < notes.length) routes.add(notes[index]!.route);
  return routes;
}
