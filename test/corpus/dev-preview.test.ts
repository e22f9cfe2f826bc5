/**
 * `wiki dev` on a copy of the real corpus serves pages before it has parsed every note (1,062 notes: the parse takes
 * seconds): the pages it serves then are those it serves once the parse is done, a file only the built site has (the
 * sitemap) is answered once it is built, not refused, and a note saved meanwhile is updated then. The site has a base
 * URL: the preview serves under it too.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { makeTempDir } from '../helpers/cli.js';
import { startDevProcess } from '../helpers/devServer.js';
import { corpusDir } from './sharedFolder.js';

// Under a base URL, as a site published in a folder of its host is.
const CONFIG = "export default { title: 'Everything I know', url: 'https://wiki.example.com', baseUrl: '/wiki/' };\n";
const PAGES = ['/', '/networking/rest', '/__data/networking/rest.json', '/programming-languages/rust/rust-libraries'];

describe('wiki dev on the corpus, before every note is parsed', () => {
  it('serves the pages it serves once they are, waits with what only the built site has, and applies edits', async () => {
    const site = makeTempDir('wiki-dev-preview-');
    fs.cpSync(corpusDir, path.join(site, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(site, 'wiki.config.ts'), CONFIG);
    const dev = await startDevProcess(site);
    try {
      const get = async (route: string) => {
        const response = await fetch(new URL(`/wiki${route}`, dev.url));
        return { status: response.status, body: await response.text() };
      };
      const sitemap = get('/sitemap.xml'); // asked for first, answered last
      const early = await Promise.all(PAGES.map(get));
      const parsedYet = /every note parsed/.test(dev.output());
      // Saved while the notes are parsed (and the watcher's first scan may not be done): applied once they are.
      const edited = path.join(site, 'docs/web/nodejs/fastify.md');
      fs.appendFileSync(edited, '\nSaved while wiki dev was starting.\n');
      await dev.waitForOutput(/every note parsed/);
      const late = await Promise.all(PAGES.map(get));
      const map = await sitemap;
      await dev.waitForOutput(/updated docs\/web\/nodejs\/fastify\.md/);
      assert.match((await get('/web/nodejs/fastify')).body, /Saved while wiki dev was starting\./);

      assert.ok(!parsedYet, `the pages were served before the parse was done:\n${dev.output()}`);
      assert.match(dev.output(), /ready in [\d.]+ s[\s\S]*localhost[\s\S]*every note parsed/);
      // The build each page shows (its dev version) moves on with the edit; the pages are the same.
      const unversioned = (html: string) => html.replace(/data-wiki-dev-version="\d+"/, '');
      PAGES.forEach((route, index) => {
        assert.equal(early[index]!.status, 200, route);
        assert.equal(unversioned(early[index]!.body), unversioned(late[index]!.body), route);
      });
      assert.match(early[1]!.body, /<h1[^>]*>REST<\/h1>|<title>REST/);
      assert.equal(map.status, 200);
      assert.match(map.body, /networking\/rest</);
    } finally {
      await dev.stop();
    }
  });
});
