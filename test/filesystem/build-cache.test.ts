/**
 * The notes part of `wiki build`'s cache (src/node/pipeline/buildCache.ts), on a real site folder: a note is reused,
 * not parsed again, while its source and every link it holds resolve as before; wikilinks included, which are
 * checked by Obsidian's rules (a wikilink's target is `[[Note]]`, no path the Markdown link resolver knows); links to
 * files are checked again even when every route is the same (a file's published name holds a hash of its contents).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { createBuildContext } from '../../src/node/context.js';
import type { NoteContent } from '../../src/node/notes/note.js';
import { openBuildCache } from '../../src/node/pipeline/buildCache.js';
import { loadOutline, renderedLinkUniverse } from '../../src/node/pipeline/pipeline.js';
import { makeDocsSite } from '../helpers/docsSite.js';

const makeSite = (notes: Record<string, string>) => makeDocsSite('wiki-build-cache-', notes);

/** Renders every note through a cache over the site's last one; returns the contents and how many notes were parsed. */
async function renderThroughCache(site: string): Promise<{ parsed: number; contents: Map<string, NoteContent> }> {
  const config = validateConfig(
    { title: 'Cache', url: 'https://cache.example.com', markdown: { obsidian: true } },
    'test',
  );
  const context = createBuildContext({ config, siteDir: site, outDir: path.join(site, 'build') });
  const outline = await loadOutline(context);
  const { md } = outline.parser;
  let parsed = 0;
  const parse = md.parse.bind(md);
  md.parse = (source, env) => {
    parsed++;
    return parse(source, env);
  };
  const cache = openBuildCache(context, {
    noteInputs: [],
    reusePages: true,
    linkUniverse: renderedLinkUniverse(outline),
  });
  const contents = new Map(
    outline.notes.map((note) => {
      const content = cache.renderNote(note, outline.parser);
      // A note taken from the cache comes without its HTML, given when asked for (as a page rendered again asks).
      return [note.sourcePath, cache.withHtml({ ...content, id: note.id })] as const;
    }),
  );
  cache.save();
  await outline.bundles; // esbuild's, started with the outline
  return { parsed, contents };
}

describe('build cache: notes', () => {
  it('reuses a note with wikilinks while they lead where they did, and renders it again once they do not', async () => {
    const site = makeSite({
      'a.md': '# A\n\nSee [[b]], [[b#Part|its part]] and [c](c.md).\n',
      'b.md': '# B\n\n## Part\n\nText.\n',
      'c.md': '# C\n\nNothing.\n',
    });
    const first = await renderThroughCache(site);
    assert.ok(first.parsed >= 3, `every note parsed on the first build (${first.parsed})`);
    assert.match(first.contents.get('a.md')!.html, /href="\/b#part"/);

    const second = await renderThroughCache(site);
    assert.equal(second.parsed, 0, 'no note is parsed again when nothing changed');
    assert.deepEqual(second.contents, first.contents);

    // b moves to a subfolder: [[b]] (the shortest path that names it) now leads there.
    fs.mkdirSync(path.join(site, 'docs/sub'));
    fs.renameSync(path.join(site, 'docs/b.md'), path.join(site, 'docs/sub/b.md'));
    const third = await renderThroughCache(site);
    assert.ok(third.parsed >= 1, 'a note whose wikilink now leads elsewhere is parsed again');
    assert.doesNotMatch(third.contents.get('a.md')!.html, /href="\/b#part"/);
  });

  it('renders a note again when a file it links to changes, though no route or file name did', async () => {
    const site = makeSite({ 'a.md': '# A\n\nSee [the data](data.csv) and [b](b.md).\n', 'b.md': '# B\n' });
    fs.writeFileSync(path.join(site, 'docs/data.csv'), 'one\n');
    const hrefOfData = (contents: Map<string, NoteContent>) =>
      /href="([^"]*data[^"]*)"/.exec(contents.get('a.md')!.html)?.[1];
    const first = await renderThroughCache(site);
    assert.match(hrefOfData(first.contents) ?? '', /^\/assets\/files\/data-\w+\.csv$/);
    assert.equal((await renderThroughCache(site)).parsed, 0, 'nothing parsed again when nothing changed');

    fs.writeFileSync(path.join(site, 'docs/data.csv'), 'two\n'); // its published name holds a hash of its contents
    const third = await renderThroughCache(site);
    assert.ok(third.parsed >= 1, 'the note linking to it is parsed again');
    assert.notEqual(hrefOfData(third.contents), hrefOfData(first.contents));
  });
});
