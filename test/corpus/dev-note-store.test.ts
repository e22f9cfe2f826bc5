/**
 * `wiki dev` on a copy of the Quartz docs vault (../shared/corpora/quartz-docs: wikilinks, embeds, callouts, tags),
 * started twice in the same folder: the second start takes the notes the first rendered (noteStore.ts), and every page
 * it serves is the one the first start served.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { makeTempDir } from '../helpers/cli.js';
import { startDevProcess } from '../helpers/devServer.js';
import { waitFor } from '../helpers/poll.js';
import { sharedDir } from './sharedFolder.js';

const vaultDocs = path.join(sharedDir, 'corpora/quartz-docs/docs');
// test/corpus/quartz/wiki.config.ts's settings, with the copy's docs folder.
const CONFIG =
  "export default { title: 'Quartz 4', url: 'https://quartz.example.com', markdown: { obsidian: true } };\n";

/** Every page reachable from the home page by its links, by route: what the dev server serves. */
async function crawl(url: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const queue = ['/'];
  const queued = new Set(queue);
  for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
    const response = await fetch(new URL(route, url));
    if (!response.ok || !response.headers.get('content-type')?.includes('text/html')) continue;
    const html = await response.text();
    pages.set(route, html);
    for (const [, href] of html.matchAll(/href="(\/[^"#?.]*)"/g)) {
      if (queued.has(href!)) continue;
      queue.push(href!);
      queued.add(href!);
    }
  }
  return pages;
}

describe('wiki dev started twice on the Quartz docs vault', () => {
  it('serves the same pages from the notes the first session kept', async () => {
    const site = makeTempDir('wiki-dev-vault-');
    fs.cpSync(vaultDocs, path.join(site, 'docs'), { recursive: true });
    for (const entry of fs.readdirSync(path.join(site, 'docs'), { recursive: true, withFileTypes: true }))
      fs.chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
    fs.writeFileSync(path.join(site, 'wiki.config.ts'), CONFIG);
    const store = path.join(site, '.build.wiki/cache/dev-notes.json');

    const first = await startDevProcess(site);
    const firstPages = await crawl(first.url);
    await waitFor('the notes kept', () => fs.existsSync(store), { timeoutMs: 20_000 });
    await first.stop();
    const second = await startDevProcess(site);
    const secondPages = await crawl(second.url);
    await second.waitForOutput(/as the last session rendered them/); // said once every note is parsed
    const taken = Number(/\((\d+) as the last session rendered them\)/.exec(second.output())?.[1] ?? 0);
    await second.stop();

    assert.ok(firstPages.size > 50, `only ${firstPages.size} pages reached`);
    const notes = Number(/serving (\d+) notes/.exec(second.output())![1]);
    assert.ok(taken > notes / 2, `${taken} of ${notes} notes taken from the store`);
    assert.deepEqual([...secondPages.keys()], [...firstPages.keys()]);
    for (const [route, html] of firstPages) assert.equal(secondPages.get(route), html, `the page ${route}`);
  });
});
