/** The render pool: the note pages its worker takes are written exactly as the main thread renders them. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { createBuildContext } from '../../src/node/context.js';
import { loadSite } from '../../src/node/pipeline/pipeline.js';
import type { SiteData } from '../../src/node/pipeline/site.js';
import { bootRenderPool, type PagePool } from '../../src/node/pipeline/renderPool.js';
import type { DocPageSettings } from '../../src/node/pipeline/renderSite.js';
import { renderSite, type RenderSiteInput } from '../../src/node/pipeline/renderSite.js';
import { createSiteWriter, joinContents } from '../../src/node/siteWriter.js';
import { htmlPathForRoute } from '../../src/shared/paths.js';
import { fixturesDir, makeTempDir } from '../helpers/cli.js';

const siteDir = path.join(fixturesDir, 'basic');

/** A fixture site loaded as `wiki dev` loads it, and what renderSite renders it from. */
async function loadFixture(name: string, config: unknown): Promise<{ site: SiteData; input: RenderSiteInput }> {
  const dir = path.join(fixturesDir, name);
  const configPath = path.join(dir, 'wiki.config.ts');
  const validated = validateConfig(config, configPath);
  const site = await loadSite(createBuildContext({ config: validated, siteDir: dir, configPath }));
  const input: RenderSiteInput = {
    sidebar: site.sidebar,
    sidebars: site.sidebars,
    notePages: site.notePages,
    generatedPages: site.generatedPages,
    specialPages: site.specialPages,
    renderer: site.renderer,
    theme: site.theme,
    config: validated,
    client: site.client,
  };
  return { site, input };
}

describe('the render pool', () => {
  const sites = [
    { name: 'basic', config: { title: 'Pool', url: 'https://pool.example.com' }, sidebars: 1 },
    // Two sidebars and a page in none: pages of each go to the worker with their sidebar's settings.
    {
      name: 'docs-sidebars',
      config: { title: 'Pool', url: 'https://pool.example.com', docs: { sidebarPath: './sidebars.ts' } },
      sidebars: 2,
    },
  ];
  for (const { name, config, sidebars } of sites)
    it(`writes the pages it takes byte for byte as the main thread renders them (${name})`, async () => {
      const { site, input } = await loadFixture(name, config);
      const expected = new Map(
        [...renderSite(input)].map(([relPath, contents]) => [relPath, Buffer.from(joinContents(contents))]),
      );

      const outDir = makeTempDir();
      // As into the spare of an incremental build: the worker says which files it wrote, for the sweep that follows.
      const pool = bootRenderPool({ lazy: false }).start(outDir, true);
      // Every other page only: on a site this small the worker could take them all, and the main thread's must match too.
      const taken: string[] = [];
      let offered = 0;
      const counting: PagePool = {
        start: (settings) => pool.start(settings),
        offer: (page, source, settings) =>
          offered++ % 2 === 0 && pool.offer(page, source, settings) && taken.push(page.route) > 0,
      };
      const writer = createSiteWriter(outDir, { prefilled: true });
      for (const file of renderSite({ ...input, pool: counting })) writer.write(file);
      const pooled = await pool.finish();
      assert.deepEqual(
        [...pooled, ...writer.written].sort(),
        [...expected.keys()].sort(),
        'between them, the two threads name every file they wrote',
      );

      assert.ok(taken.length > 0, 'the worker takes pages');
      assert.ok(taken.length < site.notePages.length, 'the main thread renders the others');
      const sidebarOf = (route: string) =>
        [...site.notePages, ...site.generatedPages].find((page) => page.route === route)?.sidebarId;
      assert.equal(site.sidebars.size, sidebars);
      const takenSidebars = new Set(taken.map(sidebarOf));
      assert.ok(takenSidebars.size >= sidebars, `the worker takes pages of every sidebar: ${taken.join(', ')}`);
      const differing = [...expected]
        .filter(([relPath, bytes]) => !fs.readFileSync(path.join(outDir, relPath)).equals(bytes))
        .map(([relPath]) => relPath);
      assert.deepEqual(differing, []);
    });

  it('a page that fails in the worker fails the build, naming the note', async () => {
    const config = validateConfig({ title: 'Pool', url: 'https://pool.example.com' }, 'test');
    const context = createBuildContext({ config, siteDir, docsDir: path.join(siteDir, 'docs') });
    const site = await loadSite(context);
    const pool = bootRenderPool({ lazy: false }).start(makeTempDir(), false);
    const input: RenderSiteInput = {
      sidebar: site.sidebar,
      notePages: [],
      specialPages: [],
      renderer: site.renderer,
      theme: site.theme,
      config,
      client: site.client,
    };
    for (const _file of renderSite({ ...input, pool }));
    // A page model the theme cannot render (no breadcrumbs array) stands for any failure inside the worker.
    const broken = { ...site.notePages[0]!, breadcrumbs: undefined } as unknown as (typeof site.notePages)[number];
    assert.ok(pool.offer(broken, 'docs/broken.md'));
    await assert.rejects(
      pool.finish(),
      /The render worker failed: Can't render the page of note docs\/broken\.md\n {4}caused by: /,
    );
  });

  it("started lazily (an edit's build), takes pages once the main thread rendered a few and its worker is ready", async () => {
    const { site, input } = await loadFixture('basic', { title: 'Pool', url: 'https://pool.example.com' });
    let settings: DocPageSettings | undefined;
    const expected = new Map(
      [...renderSite({ ...input, pool: { start: (given) => (settings = given), offer: () => false } })].map(
        ([relPath, contents]) => [relPath, Buffer.from(joinContents(contents))],
      ),
    );
    const outDir = makeTempDir();
    const boot = bootRenderPool({ lazy: true });
    const pool = boot.start(outDir, false);
    pool.start(settings!);
    const [rendered, taken] = site.notePages;
    for (let offer = 1; offer <= 8; offer++)
      assert.equal(pool.offer(rendered!, undefined), false, `offer ${offer}: the main thread renders it`);
    // The eighth offer started the worker; it takes a page once it has loaded (each offer before is declined).
    const deadline = Date.now() + 20_000;
    while (!pool.offer(taken!, undefined)) {
      assert.ok(Date.now() < deadline, 'the worker started lazily never took a page');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await pool.finish();
    const takenFile = htmlPathForRoute(taken!.route);
    assert.ok(fs.readFileSync(path.join(outDir, takenFile)).equals(expected.get(takenFile)!));
    assert.equal(fs.existsSync(path.join(outDir, htmlPathForRoute(rendered!.route))), false);
  });

  it('started lazily, never starts its worker for a build that renders fewer pages', async () => {
    const pool = bootRenderPool({ lazy: true }).start(makeTempDir(), false);
    const { site, input } = await loadFixture('basic', { title: 'Pool', url: 'https://pool.example.com' });
    let taken = 0;
    for (const _file of renderSite({
      ...input,
      pool: { start: (given) => pool.start(given), offer: (...args) => pool.offer(...args) && ++taken > 0 },
    }));
    assert.equal(taken, 0);
    assert.ok(site.notePages.length < 8);
    assert.deepEqual(await pool.finish(), []);
  });
});
