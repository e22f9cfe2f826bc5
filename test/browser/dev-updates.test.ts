/**
 * What `wiki dev` tells open tabs (its event stream) and serves after each kind of change, on a temp copy of the
 * basic fixture, with the real CLI. No browser needed: the stream is read with fetch.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { HEADINGS_FILE } from '../../src/node/search/index.js';
import { fixturesDir, makeTempDir } from '../helpers/cli.js';
import { copyFixtureSite, startDevProcess, type DevProcess } from '../helpers/devServer.js';
import { readDevEvents, type DevEvents, fetchDevRoute, nextDevUpdate } from '../helpers/devEvents.js';

describe('wiki dev updates', () => {
  let siteDir: string;
  let dev: DevProcess;
  let events: DevEvents;
  const docs = (relPath: string) => path.join(siteDir, 'docs', relPath);
  const nextUpdate = () => nextDevUpdate(events);
  const get = (route: string) => fetchDevRoute(dev.url, route);

  before(async () => {
    siteDir = makeTempDir('wiki-dev-updates-');
    copyFixtureSite(path.join(fixturesDir, 'basic/docs'), siteDir, 'Dev Fixture');
    fs.mkdirSync(path.join(siteDir, 'static'));
    fs.writeFileSync(path.join(siteDir, 'static/robots.txt'), 'User-agent: *\n');
    dev = await startDevProcess(siteDir);
    events = readDevEvents(dev.url);
    const hello = await events.next();
    assert.deepEqual(hello.type === 'hello' && [hello.version, hello.problems], [0, []]);
  });

  after(async () => {
    events?.close();
    await dev?.stop();
  });

  it('swaps the content only when only the text changed', async () => {
    fs.writeFileSync(docs('guides/setup.md'), '# Setup\n\nNew words. Back to [home](../intro.md).\n');
    const update = await nextUpdate();
    assert.deepEqual([update.content, update.reload], [['/guides/setup'], []]);
    assert.match((await get('/guides/setup')).text, /New words\./);
    assert.match(dev.output(), /updated docs\/guides\/setup\.md \(content\)/);
  });

  it('ignores what the scan skips: notes under node_modules, `_` and `.` folders of the docs', async () => {
    for (const relPath of ['node_modules/pkg/readme.md', '_partials/part.md', '.drafts/idea.md']) {
      fs.mkdirSync(path.dirname(docs(relPath)), { recursive: true });
      fs.writeFileSync(docs(relPath), '# Not a page\n');
    }
    // Then an edit that does update a page: its update comes next, alone (the new folders rebuilt nothing).
    fs.writeFileSync(docs('guides/setup.md'), '# Setup\n\nNewer words. Back to [home](../intro.md).\n');
    const update = await nextUpdate();
    assert.deepEqual([update.content, update.reload], [['/guides/setup'], []]);
    assert.equal((await get('/node_modules/pkg/readme')).status, 404);
    assert.doesNotMatch(dev.output(), /rebuilt/, 'no folder or note there made the site rebuild');
  });

  it('reloads the page when its table of contents changes', async () => {
    fs.writeFileSync(docs('guides/setup.md'), '# Setup\n\nNew words.\n\n## A new section\n\nText.\n');
    const update = await nextUpdate();
    // The home page too: its link went, so the home page's backlinks ("Linked from") lose it.
    assert.deepEqual([update.content, update.reload], [[], ['/guides/setup', '/']]);
  });

  it('relays out the sidebar without a rebuild when a title changes, and reloads every tab', async () => {
    fs.writeFileSync(docs('guides/setup.md'), '# Setting up\n\nNew words.\n');
    assert.equal((await nextUpdate()).reload, 'all');
    assert.match(dev.output(), /updated docs\/guides\/setup\.md \(sidebar\)/);
    assert.match((await get('/guides/')).text, /Setting up/);
    assert.match((await get('/')).text, /Setting up/);
  });

  it('rebuilds everything when a note changes its route', async () => {
    fs.writeFileSync(docs('guides/setup.md'), '---\nslug: /setting-up\n---\n\n# Setting up\n\nNew words.\n');
    assert.equal((await nextUpdate()).reload, 'all');
    assert.match(dev.output(), /rebuilt 3 notes \(docs\/guides\/setup\.md: its id, route or draft status changed\)/);
    assert.equal((await get('/setting-up')).status, 200);
    fs.writeFileSync(docs('guides/setup.md'), '# Setting up\n\nNew words.\n');
    assert.equal((await nextUpdate()).reload, 'all');
  });

  it('moves the route when a note is renamed', async () => {
    fs.renameSync(docs('guides/setup.md'), docs('guides/install.md'));
    let update = await nextUpdate();
    while (update.reload !== 'all') update = await nextUpdate();
    assert.equal((await get('/guides/install')).status, 200);
    assert.equal((await get('/guides/setup')).status, 404);
  });

  it('reports a broken link in the terminal, not in the overlay', async () => {
    fs.writeFileSync(docs('guides/install.md'), '# Setting up\n\nSee [nothing](nothing.md).\n');
    const update = await nextUpdate();
    assert.deepEqual(update.problems, []);
    await dev.waitForOutput('warning [broken-link] docs/guides/install.md:3: Broken link to "nothing.md"');
  });

  it('mends the link when the missing note is added and breaks it when it goes (a rebuild reuses a note only while its links hold)', async () => {
    const rebuilt = async () => {
      let update = await nextUpdate();
      while (update.reload !== 'all') update = await nextUpdate();
    };
    fs.writeFileSync(docs('guides/nothing.md'), '# Nothing\n\nSomething after all.\n');
    await rebuilt();
    assert.match((await get('/guides/install')).text, /<a href="\/guides\/nothing">nothing<\/a>/);
    fs.rmSync(docs('guides/nothing.md'));
    await rebuilt();
    assert.match(
      (await get('/guides/install')).text,
      /<a href="nothing\.md">nothing<\/a>/,
      'install.md is as it was: only its link changed',
    );
  });

  it('shows a note that is not UTF-8 as a problem and serves every other page', async () => {
    fs.writeFileSync(docs('latin.md'), Buffer.from('# Latin\n\ncaf\xe9\n', 'latin1'));
    const update = await nextUpdate();
    assert.deepEqual(
      update.problems.map((p) => [p.code, p.file, p.line]),
      [['invalid-utf8', 'docs/latin.md', 3]],
    );
    assert.match(update.problems[0]!.hint ?? '', /iconv/);
    for (const route of ['/', '/guides/', '/guides/install']) assert.equal((await get(route)).status, 200, route);
    fs.rmSync(docs('latin.md'));
    assert.deepEqual((await nextUpdate()).problems, []);
  });

  it('serves a changed static file at once and rebuilds when one is added', async () => {
    fs.writeFileSync(path.join(siteDir, 'static/robots.txt'), 'User-agent: bot\n');
    assert.equal((await nextUpdate()).reload, 'all');
    assert.equal((await get('/robots.txt')).text, 'User-agent: bot\n');
    fs.writeFileSync(path.join(siteDir, 'static/extra.txt'), 'extra\n');
    assert.equal((await nextUpdate()).reload, 'all');
    assert.equal((await get('/extra.txt')).text, 'extra\n');
    assert.match(dev.output(), /static files were added or removed/);
  });

  it('serves the search index once asked for', async () => {
    const headings = await get(`/${HEADINGS_FILE}`);
    assert.equal(headings.status, 200);
    assert.match(headings.text, /Setting up/);
  });

  it('keeps serving the last good site while the config is broken, and recovers', async () => {
    const config = path.join(siteDir, 'wiki.config.ts');
    fs.writeFileSync(config, "export default { title: 'Broken' url: 'https://x.example.com' };\n");
    const broken = await nextUpdate();
    assert.deepEqual(
      broken.problems.map((p) => [p.code, p.file, p.line]),
      [['config', 'wiki.config.ts', 1]],
    );
    assert.match(broken.problems[0]!.message, /does not parse: Expected "}" but found "url"/);
    assert.match((await get('/')).text, /Fixture home/);
    fs.writeFileSync(config, "export default { title: 'Fixed Wiki', url: 'https://x.example.com' };\n");
    const fixed = await nextUpdate();
    assert.deepEqual([fixed.problems, fixed.reload], [[], 'all']);
    assert.match((await get('/')).text, /Fixed Wiki/);
  });
});
