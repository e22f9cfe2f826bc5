/**
 * The `wiki dev` session's first build (src/node/dev/session.ts): it names the folders to watch before it reads them,
 * so the server's watcher scans them while the build runs and a change made from then on is seen.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createDevSession } from '../../src/node/dev/session.js';
import type { WatchTarget } from '../../src/node/dev/watch.js';
import { makeDocsSite, writeDocsNote } from '../helpers/docsSite.js';

describe('the wiki dev session', () => {
  it("names the build's folders to watch before the first build reads them", async () => {
    const site = makeDocsSite('wiki-dev-session-', { 'alpha.md': '# Alpha\n\nFirst words.\n' });
    const configPath = path.join(site, 'wiki.config.ts');
    fs.writeFileSync(configPath, "export default { title: 'Session', url: 'https://session.example.com' };\n");
    const session = createDevSession({ configPath, log: () => undefined });
    let targets: WatchTarget[] = [];
    const built = await session.start(() => {
      targets = session.watchTargets();
      writeDocsNote(site, 'alpha.md', '# Edited\n\nChanged once the folders were named.\n');
    });
    assert.ok(built);
    assert.deepEqual(
      targets.map((target) => [path.relative(site, target.path), target.kind]),
      [
        ['wiki.config.ts', 'file'],
        ['docs', 'folder'],
        ['static', 'folder'],
        ['theme', 'folder'],
        ['pages', 'folder'],
        ['i18n', 'folder'],
      ],
    );
    assert.deepEqual(
      session.site?.site.notePages.map((page) => page.title),
      ['Edited'],
      'the build read the note after the folders were named',
    );
    session.site!.cancelled = true;
  });

  it('names only the config file when the config does not load', async () => {
    const site = makeDocsSite('wiki-dev-session-', { 'alpha.md': '# Alpha\n' });
    const configPath = path.join(site, 'wiki.config.ts');
    fs.writeFileSync(configPath, 'export default { title: 42 };\n');
    const session = createDevSession({ configPath, log: () => undefined });
    let called = false;
    assert.equal(await session.start(() => (called = true)), false);
    assert.equal(called, false);
    assert.deepEqual(session.watchTargets(), [{ path: configPath, kind: 'file' }]);
  });
});
