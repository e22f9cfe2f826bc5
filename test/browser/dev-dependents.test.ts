/**
 * `wiki dev` on a temp site of three notes, with the real CLI: an edit of one note updates the pages that depend on it
 * (backlinks, embeds, tag pages) without a rebuild, and tells open tabs showing them. No browser needed: the event
 * stream is read with fetch.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { DocPageModel } from '../../src/shared/types.js';
import { makeTempDir } from '../helpers/cli.js';
import { readDevEvents, type DevEvents, fetchDevRoute, nextDevUpdate } from '../helpers/devEvents.js';
import { startDevProcess, type DevProcess } from '../helpers/devServer.js';

describe('wiki dev updates the pages that depend on an edited note', () => {
  let siteDir: string;
  let dev: DevProcess;
  let events: DevEvents;
  const write = (name: string, text: string) => fs.writeFileSync(path.join(siteDir, 'docs', name), text);
  const nextUpdate = () => nextDevUpdate(events);
  const get = (route: string) => fetchDevRoute(dev.url, route);
  const data = async (route: string) => JSON.parse((await get(`/__data${route}.json`)).text) as DocPageModel;

  before(async () => {
    siteDir = makeTempDir('wiki-dev-dependents-');
    fs.mkdirSync(path.join(siteDir, 'docs'));
    write('alpha.md', '# Alpha\n\nAlpha text.\n');
    write('beta.md', '# Beta\n\nBeta text.\n');
    write('gamma.md', '# Gamma\n\nGamma shows Alpha:\n\n![[alpha]]\n');
    fs.writeFileSync(
      path.join(siteDir, 'wiki.config.ts'),
      "export default { title: 'Dependents', url: 'https://fixture.example.com', markdown: { obsidian: true } };\n",
    );
    dev = await startDevProcess(siteDir);
    events = readDevEvents(dev.url);
    assert.equal((await events.next()).type, 'hello');
  });

  after(async () => {
    events?.close();
    await dev?.stop();
  });

  it("lists a new link in its target's backlinks, and reloads the tabs showing the target", async () => {
    assert.equal((await data('/beta')).backlinks, undefined);
    write('alpha.md', '# Alpha\n\nAlpha text. See [Beta](beta.md) for more.\n');
    const update = await nextUpdate();
    // Gamma embeds Alpha: its content changes with it.
    assert.deepEqual([update.content, update.reload], [['/alpha', '/gamma'], ['/beta']]);
    assert.deepEqual((await data('/beta')).backlinks, [
      { title: 'Alpha', href: '/alpha', context: 'See Beta for more.' },
    ]);
    assert.match((await get('/beta')).text, /class="backlinks"[^]*href="\/alpha"/);
    assert.match(dev.output(), /updated docs\/alpha\.md \(content\); refreshed 2 dependent pages/);
  });

  it('follows a wikilink, and drops the backlink when the link goes', async () => {
    write('alpha.md', '# Alpha\n\nAlpha text, now linking [[gamma]].\n');
    const update = await nextUpdate();
    assert.deepEqual([update.content, [...update.reload].sort()], [['/alpha'], ['/beta', '/gamma']]);
    assert.equal((await data('/beta')).backlinks, undefined);
    assert.doesNotMatch((await get('/beta')).text, /class="backlinks"/);
    assert.deepEqual(
      (await data('/gamma')).backlinks?.map((backlink) => backlink.href),
      ['/alpha'],
    );
  });

  it('shows the edited text where the note is embedded, swapping the content of the tabs showing it', async () => {
    write('alpha.md', '# Alpha\n\nAlpha, edited.\n\nLinks [[gamma]].\n');
    let update = await nextUpdate();
    assert.deepEqual([update.content, update.reload], [['/alpha'], ['/gamma']], "the link's sentence changed too");
    write('alpha.md', '# Alpha\n\nAlpha, edited for the embed.\n\nLinks [[gamma]].\n');
    update = await nextUpdate();
    assert.deepEqual([update.content, update.reload], [['/alpha', '/gamma'], []]);
    assert.match((await get('/gamma')).text, /class="transclusion"[^]*Alpha, edited for the embed\./);
  });

  it('makes the tag pages again for inline and front matter tags', async () => {
    write('beta.md', '# Beta\n\nBeta text. #green\n');
    let update = await nextUpdate();
    assert.ok(update.reload.includes('/beta') && update.reload.includes('/tags/green'), String(update.reload));
    assert.deepEqual((await data('/beta')).tags, [{ label: 'green', href: '/tags/green' }]);
    assert.match((await get('/tags/green')).text, /1 doc tagged with[^]*href="\/beta"/);
    write('alpha.md', '---\ntags: [green]\n---\n\n# Alpha\n\nAlpha, edited for the embed.\n\nLinks [[gamma]].\n');
    update = await nextUpdate();
    assert.ok(update.reload.includes('/tags/green'), String(update.reload));
    assert.match((await get('/tags/green')).text, /2 docs tagged with/);
    write('beta.md', '# Beta\n\nBeta text.\n');
    await nextUpdate();
    assert.match((await get('/tags/green')).text, /1 doc tagged with[^]*href="\/alpha"/);
    assert.doesNotMatch(dev.output(), /rebuilt/, 'every edit took the fast path');
  });

  it('keeps the embedded text through a full rebuild (the notes cache does not hold notes with embeds)', async () => {
    write('zeta.md', '# Zeta\n\nA new note: the routes change.\n');
    let update = await nextUpdate();
    while (update.reload !== 'all') update = await nextUpdate();
    assert.match(dev.output(), /rebuilt 4 notes/);
    assert.match((await get('/gamma')).text, /class="transclusion"[^]*Alpha, edited for the embed\./);
  });
});
