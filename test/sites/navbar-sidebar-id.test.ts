/**
 * Issue 25: a `docSidebar` navbar item's `sidebarId` is checked against the site's sidebar ids (SPEC §5): an unknown
 * id fails the build naming it, where it is set, and the ids there are; a known one links to the sidebar's first note.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { listSidebarIds } from '../../src/node/resolve/sidebarIds.js';
import { buildFixture, fixturesDir, makeTempDir, readBuilt, runWiki } from '../helpers/cli.js';

describe('docSidebar navbar items', () => {
  it('an unknown sidebarId is a config error naming it, its line and the known ids', async () => {
    const { code, stderr } = await buildFixture('bad-sidebar-id');
    assert.equal(code, 1);
    assert.match(stderr, /links to the sidebar "noSuchSidebar", which does not exist/);
    assert.match(stderr, /wiki\.config\.ts:6, set navbar\.items\.0\.sidebarId/);
    for (const id of listSidebarIds()) assert.ok(stderr.includes(`"${id}"`), stderr);
  });

  it('a known sidebarId links to the first note of that sidebar', async () => {
    const siteDir = path.join(fixturesDir, 'serve-config');
    const outDir = path.join(makeTempDir('wiki-sidebar-id-'), 'build');
    const config = path.join(siteDir, 'wiki.reader.config.ts');
    const result = await runWiki(['build', '--config', config, '--out', outDir], { cwd: siteDir });
    assert.equal(result.code, 0, result.stderr);
    assert.match(readBuilt(outDir, 'other/index.html'), /<a[^>]*href="\/"[^>]*>Notes<\/a>/);
  });
});
