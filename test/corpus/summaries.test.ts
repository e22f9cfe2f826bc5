import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createBuildContext } from '../../src/node/context.js';
import { loadOutline } from '../../src/node/pipeline/pipeline.js';
import type { SiteOutline } from '../../src/node/pipeline/site.js';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { renderNote } from '../../src/node/markdown/renderNote.js';
import { corpusDir as corpus } from './sharedFolder.js';

// A note's title is read from the start of its body alone (`wiki build` renders notes only as pages are written):
// it must be what the whole note's parse says, on every note of the real corpus (test/unit/summaries.test.ts has the
// cases that reach further).

/** The title as the full parse gives it: a level-1 heading that is the body's first block. */
function titleFromFullParse(outline: SiteOutline, index: number): string | undefined {
  const doc = outline.notes[index]!;
  const { headings } = renderNote(outline.parser.md, {
    sourcePath: doc.sourcePath,
    body: doc.body,
    lineOffset: doc.lineOffset,
    resolveLink: outline.parser.resolveLink,
  });
  const first = headings[0];
  return first?.isFirstBlock && first.level === 1 ? first.text.trim() : undefined;
}

describe('note summaries (titles without rendering the note)', () => {
  let outline: SiteOutline;
  before(async () => {
    const config = validateConfig({ title: 'Everything I know', url: 'https://wiki.example.com' }, 'test');
    outline = await loadOutline(createBuildContext({ config, siteDir: corpus, docsDir: corpus }));
    await outline.bundles;
  });

  it('finds the leading heading of every corpus note as the full parse does', () => {
    const differing = outline.summaries.flatMap((summary, index) => {
      const expected = titleFromFullParse(outline, index);
      // compatibleTitle may shorten it ("# C#" is titled "C"), so the heading's text starts with the title.
      const titleDiffers =
        expected !== undefined && summary.frontMatter.title === undefined && !expected.startsWith(summary.title);
      return summary.contentHasTitle !== (expected !== undefined) || titleDiffers ? [summary.sourcePath] : [];
    });
    assert.deepEqual(differing, []);
    assert.ok(
      outline.summaries.filter((summary) => summary.contentHasTitle).length > 900,
      'most corpus notes open with their title',
    );
  });
});
