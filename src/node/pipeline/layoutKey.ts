/**
 * What lets an incremental `wiki build` skip hashing the page model of every note (buildCache.ts reusePage): a digest of
 * everything the layout stage makes the note pages from, but for each note's own content and last-update date. While
 * it is the last build's, a page whose note has the same content and date has the same model, and its hash is carried
 * over instead of made again from the whole model (a fifth of an edit's time at 50,000 notes: bench/README.md).
 */
import { hashOf } from '../hashOf.js';
import type { NoteSummary } from '../notes/note.js';
import type { LayoutInput } from './pipeline.js';

/**
 * The layout's input, every field of it hashed but three that are stood for: the backlinks by the digest of every
 * note's links (`links`, outlineCache.ts; undefined, no key), the inline tags function by each note's tags, and the
 * dates, which each page's hash takes for itself (one edited note changes its own date, not the others' pages).
 * A field added to the input is hashed too: as JSON, Maps and Sets as lists.
 */
export function layoutKey(input: LayoutInput, links: string | undefined): string | undefined {
  if (links === undefined) return undefined;
  const { summaries, backlinks: _backlinks, dates: _dates, inlineTags, ...rest } = input;
  return hashOf([
    summariesJson(summaries),
    JSON.stringify(rest, (_key, value: unknown) =>
      value instanceof Map ? [...value] : value instanceof Set ? [...value] : value,
    ),
    links,
    inlineTags ? JSON.stringify(summaries.map((summary) => inlineTags(summary.sourcePath) ?? null)) : '',
  ]);
}

/**
 * The summaries as the layout reads them: without where each note's body lies in its file, nor the digest of the body
 * let go (released), which an edit changes when the summary stays the same; the content is hashed page by page.
 */
function summariesJson(summaries: readonly NoteSummary[]): string {
  return JSON.stringify(
    summaries.map(({ lineOffset: _line, bodyStart: _start, released: _released, ...summary }) => summary),
  );
}
