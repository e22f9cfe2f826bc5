/**
 * The outline cache of `wiki build` (src/node/pipeline/outlineCache.ts), through the real outline on a site folder:
 * a note's summary comes back from the last build while its source and front matter are the same, and is made again
 * when either changes; its links come back while it and every route they may lead to are the same; what the outline
 * gives (titles, descriptions, backlinks) is the same either way.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it, mock } from 'node:test';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { createBuildContext } from '../../src/node/context.js';
import { outlineCacheFiles } from '../../src/node/pipeline/buildCache.js';
import { openOutlineCache } from '../../src/node/pipeline/outlineCache.js';
import type { FileStamp } from '../../src/node/pipeline/upToDate.js';
import { loadOutline } from '../../src/node/pipeline/pipeline.js';
import { makeDocsSite, writeDocsNote } from '../helpers/docsSite.js';

const makeSite = (notes: Record<string, string>) => makeDocsSite('wiki-outline-cache-', notes);

/**
 * The outline through the site's outline cache: titles, descriptions, backlinks, how many notes were summarised, and
 * which notes were read (given `stamps`, as `wiki build` takes them: a note's file -> its stamp and whether it is settled).
 */
async function outlineThroughCache(site: string, stamps?: ReadonlyMap<string, FileStamp>, extraConfig = {}) {
  const config = validateConfig({ title: 'Outline', url: 'https://outline.example.com', ...extraConfig }, 'test');
  const context = createBuildContext({ config, siteDir: site, outDir: path.join(site, 'build') });
  const cache = openOutlineCache(
    outlineCacheFiles(context, false, stamps && { fileStamp: (file) => stamps.get(file) }),
  );
  let summarised = 0;
  let linksFound = 0;
  let linkMemo: ReturnType<typeof cache.linkMemo> | undefined;
  const counting = {
    ...cache,
    summary: (...[note, settings, summarise]: Parameters<typeof cache.summary>) =>
      cache.summary(note, settings, () => {
        summarised++;
        return summarise();
      }),
    linkMemo: (...args: Parameters<typeof cache.linkMemo>) => {
      const memo = (linkMemo = cache.linkMemo(...args));
      return {
        ...memo,
        record: (...[index, links]: Parameters<typeof memo.record>) => {
          linksFound++;
          memo.record(index, links);
        },
      };
    },
  };
  const reads = mock.method(fs, 'readFileSync');
  const outline = await loadOutline(context, { releaseBodies: true, cache: counting }).finally(() =>
    reads.mock.restore(),
  );
  const read = reads.mock.calls
    .map((call) => String(call.arguments[0]))
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.relative(path.join(site, 'docs'), file))
    .sort();
  await outline.bundles; // esbuild's, started with the outline
  cache.save(outline.summaries, outline.notes);
  return {
    read,
    problems: context.diagnostics.items.map((item) => `${path.basename(item.file ?? '')}: ${item.code}`),
    tags: [...outline.tags.tags.values()].map((tag) => tag.label).sort(),
    summarised,
    linksFound,
    linksChange: linkMemo?.changes(),
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
    const first = await outlineThroughCache(site); // a first build finds and keeps every note's links
    assert.equal(first.linksFound, 4);
    assert.deepEqual(Object.keys(first.backlinks).sort(), ['/b', '/d']);
    assert.equal(first.linksChange?.before, undefined, 'the links cache held none');

    // The first edit after a full build: no note's links are found again, and the pages' hashes can be carried.
    const second = await outlineThroughCache(site);
    assert.equal(second.linksFound, 0, "no note's links are found again when nothing changed");
    assert.deepEqual(second.backlinks, first.backlinks);
    assert.equal(second.linksChange?.now, first.linksChange?.now, 'the links read back have the digest of those found');
    assert.equal(second.linksChange?.before, second.linksChange?.now);
    assert.equal(second.linksChange?.touched.size, 0);

    writeDocsNote(site, 'c.md', '# Gamma\n\nNow [beta](b.md) is linked in other words.\n');
    const edited = await outlineThroughCache(site);
    assert.equal(edited.linksFound, 1, "only the edited note's links are found again");
    assert.ok(edited.backlinks['/b']!.some((link) => /in other words/.test(link.context)));
    assert.notEqual(edited.linksChange?.now, second.linksChange?.now, 'another context: another digest');
    assert.equal(edited.linksChange?.before, second.linksChange?.now, "the cache's links are the last build's");
    assert.deepEqual([...edited.linksChange!.touched], [1], "b's backlinks (b is the second note) may have changed");
    writeDocsNote(
      site,
      'c.md',
      '# Gamma\n\nNow [beta](b.md) is linked in other words.\n\nA paragraph without links.\n',
    );
    const sameLinks = await outlineThroughCache(site);
    assert.equal(sameLinks.linksFound, 1);
    assert.equal(sameLinks.linksChange?.now, edited.linksChange?.now, 'links found again, the same: the same digest');
    assert.equal(sameLinks.linksChange?.touched.size, 0, 'the same links touch no backlinks');

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

  it("takes a note whose file's stamp is the same from the last build, unread, and reads a changed one", async () => {
    const site = makeSite({
      'a.md': '---\ntitle: Alpha\naliases: [first]\n---\nAlpha links to [[b]] and is #tagged.\n',
      'b.md': '# Beta\n\nBeta text with a #label and [a](a.md).\n',
      'c.md': '---\ntitle: Gamma\nweight: .inf\n---\nAn infinite weight: JSON would make it null.\n',
      'd.md': '---\ntitle: [unclosed\n---\nBad front matter.\n',
      'e.md': '# Epsilon\n\nWritten just now.\n',
    });
    const stamps = new Map<string, FileStamp>();
    const stamp = (file: string, line: string, settled = true) =>
      stamps.set(path.join(site, 'docs', file), { line, mtimeMs: 0, settled });
    for (const file of ['a.md', 'b.md', 'c.md', 'd.md']) stamp(file, `${file} 1`);
    stamp('e.md', 'e.md 1', false); // changed as the build stamped it: what was read may not be what is stamped
    const obsidian = { markdown: { obsidian: true } };
    const first = await outlineThroughCache(site, stamps, obsidian);
    assert.deepEqual(first.read, ['a.md', 'b.md', 'c.md', 'd.md', 'e.md']);
    assert.deepEqual(first.tags, ['label', 'tagged']);

    const second = await outlineThroughCache(site, stamps, obsidian);
    // c.md's front matter does not come back from JSON as it was, d.md had a problem, e.md was not settled.
    assert.deepEqual(second.read, ['c.md', 'd.md', 'e.md'], 'notes with the same settled stamp are not read');
    assert.deepEqual(second.summaries, first.summaries);
    assert.deepEqual(second.backlinks, first.backlinks);
    assert.deepEqual(second.tags, first.tags, "a known note's inline tags come back with it");
    assert.deepEqual(second.problems, first.problems, "a note's problem is reported again");
    assert.ok(
      second.problems.some((problem) => problem === 'd.md: invalid-front-matter'),
      second.problems.join(', '),
    );

    writeDocsNote(site, 'b.md', '# Beta two\n\nBeta now links to [[a|first]] and is #renamed.\n');
    stamp('b.md', 'b.md 2');
    const edited = await outlineThroughCache(site, stamps, obsidian);
    assert.deepEqual(edited.read, ['b.md', 'c.md', 'd.md', 'e.md'], 'a changed stamp reads the note again');
    assert.equal(edited.summaries.find((note) => note.id === 'b')!.title, 'Beta two');
    assert.deepEqual(edited.tags, ['renamed', 'tagged']);
    assert.ok(edited.backlinks['/a']!.some((link) => /Beta now links/.test(link.context)));

    // Without stamps (`wiki dev`, or a build that took none), every note is read.
    const unstamped = await outlineThroughCache(site, undefined, obsidian);
    assert.deepEqual(unstamped.read, ['a.md', 'b.md', 'c.md', 'd.md', 'e.md']);
  });

  it('reads a known note once when its wikilinks decide the syntax and it embeds a note', async () => {
    const site = makeSite({
      'a.md': '# Alpha\n\nAlpha links to [[b]] and shows it: ![[b]]\n',
      'b.md': '# Beta\n\nBeta text.\n',
    });
    const stamps = new Map(
      ['a.md', 'b.md'].map(
        (file) => [path.join(site, 'docs', file), { line: `${file} 1`, mtimeMs: 0, settled: true }] as const,
      ),
    );
    await outlineThroughCache(site, stamps); // `markdown.obsidian: 'auto'`: the wikilinks decide
    const second = await outlineThroughCache(site, stamps);
    // a.md is read for its wikilinks, which also tell its embed; b.md, the embedded note, for the renderer.
    assert.deepEqual(second.read, ['a.md', 'b.md']);
  });
});
