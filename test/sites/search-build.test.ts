/** The search stage of a real `wiki build` (fixture site): index files written, boot runtime settings, push guard. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import type { LocalIndexData, SearchRuntime } from '../../src/shared/search.js';
import { buildFixture, fixturesDir, readBuilt, runWiki } from '../helpers/cli.js';

describe('search stage of wiki build (fixture search-basic)', () => {
  let outDir: string;
  before(async () => {
    const result = await buildFixture('search-basic');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /search \d+ ms/);
    outDir = result.outDir;
  });

  test('writes the embedded index: titles and headings, term shards, text bundles, the modal stylesheet', () => {
    const data = JSON.parse(readBuilt(outDir, 'search/index.json')) as LocalIndexData;
    assert.deepEqual(data.pages.map(([title]) => title).sort(), ['Kubernetes', 'Rust', 'Search fixture home', 'Tools']);
    assert.ok(data.headings.some(([, level, text]) => level === 3 && text === 'Writing an operator'));
    const shards = data.shardStarts.map((_, n) => readBuilt(outDir, `search/terms/${n}.txt`)).join('\n');
    assert.match(shards, /^zebrafish\t/m, 'a word deep in a note is indexed');
    const texts = fs
      .readdirSync(path.join(outDir, 'search/text'))
      .flatMap((file) => JSON.parse(readBuilt(outDir, `search/text/${file}`)) as string[]);
    assert.ok(texts.some((text) => text.includes('the zebrafish pattern keeps it idempotent')));
    assert.match(readBuilt(outDir, 'search/docsearch.css'), /\.DocSearch-Modal/);
  });

  test('every page boots with the search runtime settings (public values only)', () => {
    const boot = /<script id="__wiki-boot" type="application\/json">(.*?)<\/script>/s.exec(
      readBuilt(outDir, 'tools/kubernetes.html'),
    )![1]!;
    const search = (JSON.parse(boot) as { runtime: { search: SearchRuntime } }).runtime.search;
    assert.equal(search.provider, 'local');
    assert.equal(search.indexUrl, '/search/');
    assert.equal(search.searchPagePath, '/search');
    assert.equal(
      search.missingResultsUrl,
      'https://github.com/example/search-fixture/issues/new?title=Search%3A%20no%20results%20for%20%22{query}%22',
    );
    assert.deepEqual(search.docsTags, ['default', 'docs-default-current']);
  });

  test('wiki search-push refuses the embedded provider and says how to pick a hosted one', async () => {
    const result = await runWiki(['search-push', '--config', path.join(fixturesDir, 'search-basic/wiki.config.ts')], {
      env: { WIKI_SEARCH_ADMIN_KEY: 'k' },
    });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /search\.provider is "local"[\s\S]*Set search\.provider to "algolia" or "typesense"/);
  });
});
