/**
 * Backlinks and the link graph (issue 24) on test/fixtures/backlinks-site built by the real CLI: each note lists the
 * notes that link to it (Markdown, reference and wikilinks; not code, not itself) with the sentence around the link,
 * in the page and its route data, never in the search index; the graph file and page exist, and both switch off.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import type { GraphData } from '../../src/shared/graph.js';
import type { DocPageModel } from '../../src/shared/types.js';
import type { LocalIndexData } from '../../src/shared/search.js';
import { buildFixture, readBuilt } from '../helpers/cli.js';

/** The "Linked from" entries of a built page: title, href and context, in order. */
function backlinksOf(html: string): { title: string; href: string; context: string }[] {
  const section = /<section class="backlinks"[^>]*>([^]*?)<\/section>/.exec(html)?.[1];
  if (section === undefined) return [];
  assert.match(section, /<h2[^>]*>Linked from<\/h2>/);
  return [
    ...section.matchAll(/<li><a href="([^"]*)">([^<]*)<\/a>(?:<p class="backlinks__context">([^<]*)<\/p>)?/g),
  ].map(([, href, title, context]) => ({ title: title!, href: href!, context: context ?? '' }));
}

describe('backlinks and the graph (fixture backlinks-site)', () => {
  let outDir: string;
  before(async () => {
    const result = await buildFixture('backlinks-site');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /backlinks \d+ ms/, 'the stage is timed');
    outDir = result.outDir;
  });

  test('a note lists each note linking to it once, with the sentence of the first link', () => {
    assert.deepEqual(backlinksOf(readBuilt(outDir, 'guide/watering.html')), [
      { title: 'Introduction', href: '/intro', context: 'Then see Watering.' },
      { title: 'Planting', href: '/guide/planting', context: 'Water them after planting, as watering says.' },
    ]);
  });

  test('links with an anchor count; links in code and to the note itself do not', () => {
    assert.deepEqual(backlinksOf(readBuilt(outDir, 'guide/soil.html')), [
      {
        title: 'Planting',
        href: '/guide/planting',
        context: 'Good soil matters most: see the soil note for the details.',
      },
    ]);
    assert.deepEqual(
      backlinksOf(readBuilt(outDir, 'guide/planting.html')).map((link) => link.href),
      ['/intro', '/guide/soil'],
    );
    assert.doesNotMatch(readBuilt(outDir, 'alone.html'), /class="backlinks"/, 'no section without backlinks');
  });

  test('the route data carries the backlinks; its content HTML and the search index do not', () => {
    const data = JSON.parse(readBuilt(outDir, '__data/guide/soil.json')) as DocPageModel;
    assert.deepEqual(
      data.backlinks?.map((link) => link.href),
      ['/guide/planting'],
    );
    assert.doesNotMatch(data.contentHtml, /Linked from|backlinks/);
    const index = JSON.parse(readBuilt(outDir, 'search/index.json')) as LocalIndexData;
    assert.ok(!index.headings.some(([, , text]) => text === 'Linked from'));
    const shards = index.shardStarts.map((_, n) => readBuilt(outDir, `search/terms/${n}.txt`)).join('\n');
    assert.doesNotMatch(shards, /^linked\t/m, 'the section heading is not indexed');
  });

  test('the graph file lists every note and each link once; pages name it and /graph draws it', () => {
    const boot = /<script id="__wiki-boot" type="application\/json">(.*?)<\/script>/s.exec(
      readBuilt(outDir, 'intro.html'),
    )![1]!;
    const graphUrl = (JSON.parse(boot) as { runtime: { graphUrl: string } }).runtime.graphUrl;
    assert.match(graphUrl, /^\/assets\/graph-[0-9a-f]{10}\.json$/);
    const graph = JSON.parse(readBuilt(outDir, graphUrl.slice(1))) as GraphData;
    const routes = graph.nodes.map(([route]) => route);
    assert.deepEqual([...routes].sort(), ['/alone', '/guide/planting', '/guide/soil', '/guide/watering', '/intro']);
    const pairs: string[] = [];
    for (let at = 0; at < graph.links.length; at += 2)
      pairs.push(`${routes[graph.links[at]!]} -> ${routes[graph.links[at + 1]!]}`);
    assert.deepEqual(pairs.sort(), [
      '/guide/planting -> /guide/soil',
      '/guide/planting -> /guide/watering',
      '/guide/soil -> /guide/planting',
      '/intro -> /guide/planting',
      '/intro -> /guide/watering',
    ]);
    assert.match(readBuilt(outDir, 'graph.html'), /data-graph-view="global"/);
    assert.match(readBuilt(outDir, 'intro.html'), /data-graph-open=""/);
  });

  test('with `backlinks: false` and `graph: false`, no section, no button, no graph file or page', async () => {
    const result = await buildFixture('backlinks-site', ['--config', path.join('wiki.off.config.ts')]);
    assert.equal(result.code, 0, result.stderr);
    const html = readBuilt(result.outDir, 'guide/watering.html');
    assert.doesNotMatch(html, /class="backlinks"|data-graph-open|graphUrl/);
    assert.ok(!fs.existsSync(path.join(result.outDir, 'graph.html')));
    assert.ok(!fs.readdirSync(path.join(result.outDir, 'assets')).some((file) => file.startsWith('graph-')));
  });
});
