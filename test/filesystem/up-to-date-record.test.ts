/**
 * The up-to-date record (src/node/pipeline/upToDate.ts) made with the output files' stamps the build already has: the
 * same record as one made by a stat of each, and each stamp taken as the build gives it, not stat'ed again. Made from
 * the files the build listed as it swept its staging folder (siteWriter.ts sweepUnwritten): the record a walk makes.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { createBuildContext } from '../../src/node/context.js';
import { type OutputFileStat, saveUpToDate, stampInputs, upToDateReport } from '../../src/node/pipeline/upToDate.js';
import { sweepUnwritten } from '../../src/node/siteWriter.js';
import { makeTempDir } from '../helpers/cli.js';

describe('the up-to-date record', () => {
  const report = { notes: 1, routes: 1, diagnostics: [] };
  /** A site folder holding `files` (path from the site -> text), its output in build/, and its inputs' stamper. */
  const siteWith = (files: Record<string, string>) => {
    const site = makeTempDir('wiki-up-to-date-record-');
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
      fs.writeFileSync(path.join(site, file), text);
    }
    const config = validateConfig({ title: 'Record', url: 'https://record.example.com' }, 'test');
    const outDir = path.join(site, 'build');
    const context = createBuildContext({ config, siteDir: site, outDir });
    return { outDir, context, stamp: () => stampInputs(context, ['settings'], true) };
  };

  it("takes the output files' stamps the build gives, and stats the others", () => {
    const { outDir, context, stamp } = siteWith({
      'docs/a.md': '# A\n',
      'build/a.html': '<p>A</p>',
      'build/data/a.json': '{}',
      'build/sitemap.xml': '<urlset/>',
    });
    const statOf = (relPath: string): OutputFileStat => {
      const { size, mtimeMs, ino } = fs.statSync(path.join(outDir, relPath));
      return { size, mtimeMs, ino };
    };

    // sitemap.xml is not known: the walk stats it.
    saveUpToDate(context, stamp(), report, {
      known: new Map([
        ['a.html', statOf('a.html')],
        ['data/a.json', statOf('data/a.json')],
      ]),
    });
    assert.deepEqual(upToDateReport(context, stamp()), report, 'the same record as a stat of each file makes');

    saveUpToDate(context, stamp(), report, {
      known: new Map([['data/a.json', { ...statOf('data/a.json'), size: 1 }]]),
    });
    assert.equal(upToDateReport(context, stamp()), undefined, 'a known stamp is taken as given, not stat-ed');

    saveUpToDate(context, stamp(), report);
    assert.deepEqual(upToDateReport(context, stamp()), report, 'without known stamps, every file is stat-ed');
  });

  it('made from the files the sweep kept, is the record a walk of the output makes', () => {
    // Names whose order a sort of whole paths would get wrong ('a-c' before 'a/'), capitals first, a skipped folder.
    const files = ['a/x.html', 'a-c.html', 'B.html', 'a/b/y.html', 'node_modules/m.js', 'search/0.txt', 'stale.html'];
    const { outDir, context, stamp } = siteWith(
      Object.fromEntries(['docs/a.md', ...files.map((file) => `build/${file}`)].map((file) => [file, file])),
    );

    const listed = sweepUnwritten(outDir, (relPath) => relPath !== 'stale.html');
    assert.equal(fs.existsSync(path.join(outDir, 'stale.html')), false, 'the sweep removes what was not written');
    assert.deepEqual(listed, ['B.html', 'a/b/y.html', 'a/x.html', 'a-c.html', 'node_modules/m.js', 'search/0.txt']);
    saveUpToDate(context, stamp(), report, { listed });
    assert.deepEqual(upToDateReport(context, stamp()), report, 'the same record as a walk of the output makes');

    saveUpToDate(context, stamp(), report, { listed: listed.filter((relPath) => relPath !== 'a-c.html') });
    assert.equal(upToDateReport(context, stamp()), undefined, 'a list short of a file the output has never matches');
  });
});
