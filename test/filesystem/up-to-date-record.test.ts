/**
 * The up-to-date record (src/node/pipeline/upToDate.ts) made with the output files' stamps the build already has: the
 * same record as one made by a stat of each, and each stamp taken as the build gives it, not stat'ed again.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { createBuildContext } from '../../src/node/context.js';
import { type OutputFileStat, saveUpToDate, stampInputs, upToDateReport } from '../../src/node/pipeline/upToDate.js';
import { makeTempDir } from '../helpers/cli.js';

describe('the up-to-date record', () => {
  it("takes the output files' stamps the build gives, and stats the others", () => {
    const site = makeTempDir('wiki-up-to-date-record-');
    const outDir = path.join(site, 'build');
    for (const [file, text] of [
      ['docs/a.md', '# A\n'],
      ['build/a.html', '<p>A</p>'],
      ['build/data/a.json', '{}'],
      ['build/sitemap.xml', '<urlset/>'],
    ] as const) {
      fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
      fs.writeFileSync(path.join(site, file), text);
    }
    const config = validateConfig({ title: 'Record', url: 'https://record.example.com' }, 'test');
    const context = createBuildContext({ config, siteDir: site, outDir });
    const stamp = () => stampInputs(context, ['settings'], true);
    const report = { notes: 1, routes: 1, diagnostics: [] };
    const statOf = (relPath: string): OutputFileStat => {
      const { size, mtimeMs, ino } = fs.statSync(path.join(outDir, relPath));
      return { size, mtimeMs, ino };
    };

    // sitemap.xml is not known: the walk stats it.
    saveUpToDate(
      context,
      stamp(),
      report,
      new Map([
        ['a.html', statOf('a.html')],
        ['data/a.json', statOf('data/a.json')],
      ]),
    );
    assert.deepEqual(upToDateReport(context, stamp()), report, 'the same record as a stat of each file makes');

    saveUpToDate(context, stamp(), report, new Map([['data/a.json', { ...statOf('data/a.json'), size: 1 }]]));
    assert.equal(upToDateReport(context, stamp()), undefined, 'a known stamp is taken as given, not stat-ed');

    saveUpToDate(context, stamp(), report);
    assert.deepEqual(upToDateReport(context, stamp()), report, 'without known stamps, every file is stat-ed');
  });
});
