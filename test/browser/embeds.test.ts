/**
 * Attachments a note embeds Obsidian's way (issue 24), on a build served by `wiki serve`'s server in Chromium: the PDF
 * frame is allowed by the site's own headers (frame-ancestors 'self'), and each file is served as its type, so the
 * browser shows it instead of offering a download.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Response } from 'playwright-core';
import { browseBuiltSite, type BrowsedSite, openWatchedPage } from '../helpers/browser.js';
import { fixturesDir, makeTempDir, runWiki } from '../helpers/cli.js';

describe('embedded attachments under wiki serve', () => {
  let site: BrowsedSite;

  before(async () => {
    const siteDir = path.join(fixturesDir, 'obsidian-embeds');
    const outDir = path.join(makeTempDir('wiki-embeds-'), 'build');
    const built = await runWiki(['build', '--out', outDir], { cwd: siteDir });
    assert.equal(built.code, 0, built.stderr);
    site = await browseBuiltSite(outDir);
  });

  after(async () => site?.close());

  it('frames the PDF and serves each attachment as its type', async () => {
    const { page, errors } = await openWatchedPage(site.context);
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    const pdfLoaded = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('.pdf'));
    await page.goto(`${site.base}/attachments`);
    await page.locator('iframe.embed-pdf').waitFor();
    await pdfLoaded;
    const typeOf = (ending: string) =>
      responses.find((response) => new URL(response.url()).pathname.endsWith(ending))?.headers()['content-type'];
    assert.equal(typeOf('.pdf'), 'application/pdf');
    const served = await Promise.all(
      ['audio', 'video'].map(async (tag) => {
        const src = await page.locator(`${tag}`).first().getAttribute('src');
        return (await fetch(new URL(src!, site.base))).headers.get('content-type');
      }),
    );
    assert.deepEqual(served, ['audio/mpeg', 'video/mp4']);
    assert.deepEqual(
      errors.filter((error) => /frame|Refused/i.test(error)),
      [],
      'no frame is refused by the site headers',
    );
  });
});
