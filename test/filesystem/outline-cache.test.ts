/**
 * The outline cache of `wiki build` (src/node/pipeline/outlineCache.ts), through the real outline on a site folder:
 * a note's summary comes back from the last build while its source and front matter are the same, and is made again
 * when either changes; its links come back while it and every route they may lead to are the same; what the outline
 * gives (titles, descriptions, backlinks) is the same either way.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { createBuildContext } from '../../src/node/context.js';
import { outlineCacheFiles } from '../../src/node/pipeline/buildCache.js';
import { openOutlineCache } from '../../src/node/pipeline/outlineCache.js';
import { loadOutline } from '../../src/node/pipeline/pipeline.js';
import { makeDocsSite, writeDocsNote } from '../helpers/docsSite.js';

const makeSite = (notes: Record<string, string>) => makeDocsSite('wiki-outline-cache-', notes);

/** The outline through the site's outline cache: titles, descriptions, backlinks, and how many notes were summarised. */
async function outlineThroughCache(site: string) {
  const config = validateConfig({ title: 'Outline', url: 'https://outline.example.com' }, 'test');
  const context = createBuildContext({ config, siteDir: site, outDir: path.join(site, 'build') });
  const cache = openOutlineCache(outlineCacheFiles(context, false));
  let summarised = 0;
  let linksFound = 0;
  const counting = {
    ...cache,
    summary: (...[note, settings, summarise]: Parameters<typeof cache.summary>) =>
      cache.summary(note, settings, () => {
        summarised++;
        return summarise();
      }),
    linkMemo: (...args: Parameters<typeof cache.linkMemo>) => {
      const memo = cache.linkMemo(...args);
      return {
        recall: memo.recall,
        record: (...[index, links]: Parameters<typeof memo.record>) => {
          linksFound++;
          memo.record(index, links);
        },
      };
    },
  };
  const outline = await loadOutline(context, { releaseBodies: true, cache: counting });
  await outline.bundles; // esbuild's, started with the outline
  cache.save(outline.summaries);
  return {
    summarised,
    linksFound,
    summaries: outline.summaries.map(({ id, title, description, contentHasTitle }) => ({
      id,
      title,
      description,
      contentHasTitle,
    })),
    backlinks: Object.fromEntries(outline.backlinks ?? []),
  };
}

describe('outline cache', () => {
  it('gives back summaries while notes are unchanged, and makes them again for a changed note', async () => {
    const site = makeSite({
      'a.md': '# Alpha\n\nAlpha opens here. It links to [beta](b.md) in this sentence.\n',
      'b.md': '---\ntitle: Beta\n---\nBeta text.\n',
      'c.md': '# Gamma\n\nSee [beta](b.md) too.\n',
    });
    const first = await outlineThroughCache(site);
    assert.equal(first.summarised, 3);
    assert.match(first.backlinks['/b']![0]!.context, /It links to beta in this sentence/);

    const second = await outlineThroughCache(site);
    assert.equal(second.summarised, 0, 'no note is summarised again when nothing changed');
    assert.deepEqual(second.summaries, first.summaries);
    assert.deepEqual(second.backlinks, first.backlinks);

    writeDocsNote(site, 'a.md', '# Alpha\n\nAlpha opens here. Now it points at [beta](b.md) instead.\n');
    writeDocsNote(site, 'b.md', '---\ntitle: Beta renamed\n---\nBeta text.\n'); // only its front matter changes
    const third = await outlineThroughCache(site);
    assert.equal(third.summarised, 2, 'the two changed notes are summarised again');
    assert.equal(third.summaries.find((note) => note.id === 'b')!.title, 'Beta renamed');
    const contexts = third.backlinks['/b']!.map((link) => link.context);
    assert.ok(
      contexts.some((context) => /Now it points at beta instead/.test(context)),
      contexts.join(' | '),
    );
    assert.ok(!contexts.some((context) => /It links to beta/.test(context)), 'the old context is gone');
  });

  it("gives back a note's links while it and what they lead to are unchanged, and finds them again otherwise", async () => {
    const site = makeSite({
      'a.md': '# Alpha\n\nAlpha links to [beta](b.md). It also names [new](new.md) and [d](./d).\n',
      'b.md': '# Beta\n\nBeta text.\n',
      'c.md': '# Gamma\n\nSee [beta](b.md) too.\n',
      'd.md': '# Delta\n\nDelta text.\n',
    });
    await outlineThroughCache(site); // a first build leaves summaries, not links
    const second = await outlineThroughCache(site);
    assert.equal(second.linksFound, 4, "a build after one that left the cache finds and keeps every note's links");
    assert.deepEqual(Object.keys(second.backlinks).sort(), ['/b', '/d']);

    const third = await outlineThroughCache(site);
    assert.equal(third.linksFound, 0, "no note's links are found again when nothing changed");
    assert.deepEqual(third.backlinks, second.backlinks);

    writeDocsNote(site, 'c.md', '# Gamma\n\nNow [beta](b.md) is linked in other words.\n');
    const edited = await outlineThroughCache(site);
    assert.equal(edited.linksFound, 1, "only the edited note's links are found again");
    assert.ok(edited.backlinks['/b']!.some((link) => /in other words/.test(link.context)));

    // A new note: a.md is unchanged, but its link to new.md now leads somewhere.
    writeDocsNote(site, 'new.md', '# New\n\nNew note.\n');
    const added = await outlineThroughCache(site);
    assert.equal(added.linksFound, 5, 'another set of notes: every note is scanned again');
    assert.deepEqual(
      added.backlinks['/new']?.map((link) => link.href),
      ['/a'],
    );

    // A file of the docs folder named like a route shadows it: a.md's `./d` now leads to that file, not to d.md.
    writeDocsNote(site, 'd', 'a plain file\n');
    const shadowed = await outlineThroughCache(site);
    assert.equal(shadowed.backlinks['/d'], undefined);
  });
});
