/** The index worker as a page helper: the note pages it takes are written exactly as the main thread renders them. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createBuildContext } from '../../src/node/context.js';
import { createSiteWriter, joinContents } from '../../src/node/pipeline/emit.js';
import { loadSite } from '../../src/node/pipeline/loadSite.js';
import { type PageHelper, renderSite, type RenderSiteInput } from '../../src/node/pipeline/renderSite.js';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { buildThemeSettings } from '../../src/node/resolve/themeSettings.js';
import { startSearchIndex } from '../../src/node/search/index.js';
import { fixturesDir, makeTempDir } from '../helpers/cli.js';

const siteDir = path.join(fixturesDir, 'basic');

describe('index worker rendering pages', () => {
  it('writes the pages it takes byte for byte as the main thread renders them', async () => {
    const config = validateConfig({ title: 'Helper', url: 'https://helper.example.com' }, 'test');
    const context = createBuildContext({ config, siteDir, docsDir: path.join(siteDir, 'docs') });
    const site = await loadSite(context);
    const theme = buildThemeSettings({ config, configPath: 'test', docs: site.docs, draftIds: site.draftIds, sidebar: site.sidebar });
    const input: RenderSiteInput = { sidebar: site.sidebar, docPages: site.docPages, specialPages: site.specialPages, renderer: site.renderer, theme, config, client: site.client };
    const expected = new Map([...renderSite(input)].map(([relPath, contents]) => [relPath, Buffer.from(joinContents(contents))]));

    const outDir = makeTempDir();
    const search = startSearchIndex({ pages: site.docPages, config, writeTo: outDir, renderPages: true });
    const helper = search.pageHelper!;
    // Every other page only: on a site this small the worker could take them all, and the main thread's must match too.
    const taken: string[] = [];
    let offered = 0;
    const counting: PageHelper = { start: (settings) => helper.start(settings), take: (page) => offered++ % 2 === 0 && helper.take(page) && taken.push(page.route) > 0 };
    for (const doc of site.docs) search.add(doc);
    const writer = createSiteWriter(outDir);
    for (const file of search.appendTo(renderSite({ ...input, pageHelper: counting }), context)) writer.write(file);

    assert.ok(taken.length > 0, 'an idle worker takes pages');
    assert.ok(taken.length < site.docPages.length, 'the main thread renders the others');
    const differing = [...expected].filter(([relPath, bytes]) => !fs.readFileSync(path.join(outDir, relPath)).equals(bytes)).map(([relPath]) => relPath);
    assert.deepEqual(differing, []);
  });
});
