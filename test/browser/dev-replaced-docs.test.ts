/**
 * `wiki dev` (the real CLI) keeps serving the docs folder as it is now when the folder itself is replaced: renamed
 * away and back, deleted and recreated (at once, or later), or renamed over. Notes that went with the old folder leave
 * the site, the new folder's notes arrive, and later edits anywhere in the new folder are seen.
 * No browser needed: pages are fetched. Every wait polls with a bound.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { makeTempDir } from '../helpers/cli.js';
import { startDevProcess, type DevProcess } from '../helpers/devServer.js';

/** Route -> the status it must answer, or a pattern its 200 page must match. */
type Expected = Record<string, 200 | 404 | RegExp>;

describe('wiki dev through a replaced docs folder', () => {
  let siteDir: string;
  let docsDir: string;
  let dev: DevProcess;

  /** Writes notes (relative path -> Markdown) under `dir`, making folders as needed. */
  const writeNotes = (dir: string, notes: Record<string, string>) => {
    for (const [relPath, text] of Object.entries(notes)) {
      fs.mkdirSync(path.dirname(path.join(dir, relPath)), { recursive: true });
      fs.writeFileSync(path.join(dir, relPath), text);
    }
  };
  const home = (title: string) => `---\nslug: /\n---\n\n# ${title}\n`;

  /** What each route answers now, in Expected's terms. */
  const check = async (expected: Expected) => {
    const answers: Record<string, string> = {};
    for (const [route, want] of Object.entries(expected)) {
      const response = await fetch(`${dev.url}${route.slice(1)}`);
      const text = await response.text();
      const ok = want instanceof RegExp ? response.status === 200 && want.test(text) : response.status === want;
      if (!ok)
        answers[route] = `${response.status}${want instanceof RegExp ? ` (page does not match ${String(want)})` : ''}`;
    }
    return answers;
  };

  /** Polls until every route answers as expected (the rebuild takes a moment); fails after timeoutMs with what differs. */
  const waitForSite = async (expected: Expected, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (let wrong = await check(expected); Object.keys(wrong).length > 0; wrong = await check(expected)) {
      if (Date.now() > deadline)
        assert.fail(
          `The site did not follow the docs folder within ${timeoutMs} ms: ${JSON.stringify(wrong)}\nwiki dev printed:\n${dev.output()}`,
        );
      await sleep(100);
    }
  };

  const timesPrinted = (text: string) => dev.output().split(text).length - 1;
  /** Polls until wiki dev has printed `text` more often than `before` times. */
  const waitForOutputAgain = async (text: string, before: number, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (timesPrinted(text) <= before) {
      if (Date.now() > deadline)
        assert.fail(`wiki dev did not print "${text}" again within ${timeoutMs} ms:\n${dev.output()}`);
      await sleep(100);
    }
  };
  const missingDocs = 'Docs folder not found';

  /** An edit of a note, and a note added in a sub folder, both in the folder as it is now, show up. */
  const editsAreSeen = async (note: string, subFolder: string) => {
    writeNotes(docsDir, {
      [`${note}.md`]: `# Edited ${note}\n\nEdited in the folder now in place.\n`,
      [`${subFolder}/added.md`]: '# Added later\n',
    });
    await waitForSite({ [`/${note}`]: /Edited in the folder now in place\./, [`/${subFolder}/added`]: /Added later/ });
  };

  before(async () => {
    siteDir = makeTempDir('wiki-dev-replaced-');
    docsDir = path.join(siteDir, 'docs');
    fs.writeFileSync(
      path.join(siteDir, 'wiki.config.ts'),
      "export default { title: 'Replaced Docs', url: 'https://fixture.example.com' };\n",
    );
    writeNotes(docsDir, { 'home.md': home('First home'), 'alpha.md': '# Alpha\n', 'topics/beta.md': '# Beta\n' });
    dev = await startDevProcess(siteDir);
    // The watcher reads the folders for a moment after the server starts: saves are repeated until one is seen.
    for (let probe = 1; Object.keys(await check({ '/alpha': /Probe \d+\./ })).length > 0; probe++) {
      assert.ok(probe <= 50, `wiki dev never saw a change:\n${dev.output()}`);
      writeNotes(docsDir, { 'alpha.md': `# Alpha\n\nProbe ${probe}.\n` });
      await sleep(200);
    }
    await waitForSite({ '/': /First home/, '/alpha': 200, '/topics/beta': 200 });
  });

  after(async () => {
    await dev?.stop();
  });

  it('follows a docs folder renamed away and back, with what changed while it was away', async () => {
    const away = path.join(siteDir, 'docs-away');
    const failures = timesPrinted(missingDocs);
    fs.renameSync(docsDir, away);
    await waitForOutputAgain(missingDocs, failures);
    assert.deepEqual(
      await check({ '/alpha': 200, '/topics/beta': 200 }),
      {},
      'while the folder is gone, the last good site is served',
    );
    writeNotes(away, { 'gamma.md': '# Gamma\n' });
    fs.rmSync(path.join(away, 'topics/beta.md'));
    fs.renameSync(away, docsDir);
    await waitForSite({ '/': /First home/, '/alpha': 200, '/gamma': 200, '/topics/beta': 404 });
    await editsAreSeen('alpha', 'topics');
  });

  it('follows a docs folder deleted and recreated at once', async () => {
    fs.rmSync(docsDir, { recursive: true });
    writeNotes(docsDir, {
      'home.md': home('Second home'),
      'delta.md': '# Delta\n',
      'topics/epsilon.md': '# Epsilon\n',
    });
    await waitForSite({
      '/': /Second home/,
      '/delta': 200,
      '/topics/epsilon': 200,
      '/alpha': 404,
      '/gamma': 404,
      '/topics/added': 404,
    });
    await editsAreSeen('delta', 'topics');
  });

  it('follows a docs folder deleted, then recreated once the server saw it gone', async () => {
    const failures = timesPrinted(missingDocs);
    fs.rmSync(docsDir, { recursive: true });
    await waitForOutputAgain(missingDocs, failures);
    writeNotes(docsDir, { 'home.md': home('Third home'), 'zeta.md': '# Zeta\n', 'more/eta.md': '# Eta\n' });
    await waitForSite({ '/': /Third home/, '/zeta': 200, '/more/eta': 200, '/delta': 404, '/topics/epsilon': 404 });
    await editsAreSeen('zeta', 'more');
  });

  it('follows a new folder renamed over the docs folder', async () => {
    const next = path.join(siteDir, 'docs-next');
    // more/ is in the old folder too: a watcher that compares names alone keeps watching the old more/.
    writeNotes(next, {
      'home.md': home('Fourth home'),
      'theta.md': '# Theta\n',
      'more/iota.md': '# Iota\n',
      'deep/er/kappa.md': '# Kappa\n',
    });
    fs.renameSync(docsDir, path.join(siteDir, 'docs-old'));
    fs.renameSync(next, docsDir);
    await waitForSite({
      '/': /Fourth home/,
      '/theta': 200,
      '/more/iota': 200,
      '/deep/er/kappa': 200,
      '/zeta': 404,
      '/more/eta': 404,
      '/more/added': 404,
    });
    await editsAreSeen('theta', 'more');
    await editsAreSeen('theta', 'deep/er');
  });
});
