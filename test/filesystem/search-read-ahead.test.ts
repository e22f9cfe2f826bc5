/**
 * The index worker reads the last site's index while the site is read (bootSearchIndex's `lastSite`); the splice uses
 * what it read only while every file is still the one it read. Here the site's index is replaced between the two (as
 * another build's swap would): the splice must give the index of a full build, not one spliced from what it read first.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { bootSearchIndex } from '../../src/node/search/index.js';
import { makeTempDir } from '../helpers/cli.js';
import { fullIndex, pagesOf, randomBody, type Source, toRecordNote } from '../helpers/searchNotes.js';
import { seededRandom } from '../helpers/seededRandom.js';

/** Writes the files into the site folder, each as a new file (a new inode), as a build's output is replaced. */
function writeSite(siteDir: string, files: ReadonlyMap<string, string>): void {
  for (const [relPath, text] of files) {
    const file = path.join(siteDir, relPath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.new`, text);
    fs.renameSync(`${file}.new`, file);
  }
}

function readSite(siteDir: string, relPaths: Iterable<string>): Map<string, string> {
  return new Map([...relPaths].map((relPath) => [relPath, fs.readFileSync(path.join(siteDir, relPath), 'utf8')]));
}

describe('the search index read ahead', () => {
  it('is not used once the files it read were replaced: the splice reads them again', async () => {
    const random = seededRandom(7);
    const first: Source[] = Array.from({ length: 30 }, (_, index) => ({
      route: `/notes/n${index}`,
      title: `Note ${index}`,
      body: randomBody(random),
    }));
    const lastSite = makeTempDir('wiki-read-ahead-');
    writeSite(lastSite, fullIndex(first));
    const config = validateConfig({ title: 'Read ahead', url: 'https://read-ahead.example.com' }, 'test');
    assert.equal(config.search.provider, 'local');
    const boot = bootSearchIndex(config, lastSite);
    await sleep(1500); // the worker loads its modules and reads the index meanwhile

    // Another build replaced the site: note 3 changed (its terms, and perhaps how many chunks it has).
    const second = first.map((source, index) => (index === 3 ? { ...source, body: randomBody(random) } : source));
    writeSite(lastSite, fullIndex(second));
    // This build changes note 20; the others are sent as unchanged (their part of the index in lastSite holds).
    const third = second.map((source, index) =>
      index === 20 ? { ...source, body: `${source.body}\n\nzymurgy quokka` } : source,
    );
    const writeTo = makeTempDir('wiki-read-ahead-out-');
    const job = boot.start({ pages: pagesOf(third), writeTo, reuseFrom: lastSite, splice: true });
    third.forEach((source, index) => job.add(toRecordNote(source), index !== 20));
    const { files } = await job.finish();

    const expected = fullIndex(third);
    assert.deepEqual(readSite(writeTo, expected.keys()), expected);
    assert.deepEqual(
      files.map(([relPath]) => relPath),
      ['search/docsearch.css'],
      'the worker wrote the index files itself',
    );
  });
});
