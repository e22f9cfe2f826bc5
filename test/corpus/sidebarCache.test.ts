import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { before, describe, it } from 'node:test';
import { createBuildContext } from '../../src/node/context.js';
import { loadSite } from '../../src/node/pipeline/pipeline.js';
import type { SiteData } from '../../src/node/pipeline/site.js';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { renderPageHtml, renderPageParts } from '../../src/node/render/renderPage.js';
import { createSidebarHtmlCache, RECENT_BRANCHES } from '../../src/node/render/sidebarCache.js';
import { createDocPageRenderer, type DocPageSettings } from '../../src/node/pipeline/renderSite.js';
import { buildThemeSettings } from '../../src/node/resolve/themeSettings.js';
import {
  assemblePageSidebar,
  indexSidebarRoutes,
  pageSidebarBranches,
  pruneSidebar,
  sidebarShapeKeys,
  sidebarSkeleton,
} from '../../src/shared/sidebar.js';
import type { ThemeSettings } from '../../src/shared/types.js';
import { corpusDir as corpus } from './sharedFolder.js';

// The sidebar HTML cache must be invisible: every page of the real corpus renders byte for byte as without it. And the
// sidebar the browser assembles from the skeleton and branch files must be the one each page was rendered with.

describe('sidebar HTML cache', () => {
  let site: SiteData;
  let theme: ThemeSettings;
  before(async () => {
    const config = validateConfig(
      { title: 'Everything I know', url: 'https://wiki.example.com', baseUrl: '/wiki/' },
      'test',
    );
    site = await loadSite(createBuildContext({ config, siteDir: corpus, docsDir: corpus }));
    theme = buildThemeSettings({
      config,
      configPath: 'test',
      docs: site.notes,
      draftIds: site.draftIds,
      sidebar: site.sidebar,
    });
  });

  it('renders every corpus page exactly as a full render does', () => {
    const cache = createSidebarHtmlCache();
    const keys = sidebarShapeKeys(site.sidebar);
    const differing: string[] = [];
    const renderedAlone: string[] = [];
    for (const page of site.notePages) {
      const input = {
        page,
        site: theme,
        sidebar: pruneSidebar(site.sidebar, page.route),
        stylesheets: [],
        scripts: [],
        bootJson: '{}',
      };
      const parts = renderPageParts({ ...input, sidebarCache: { cache, key: keys.get(page.route) ?? '' } });
      const joined = parts
        .map((part) => (typeof part === 'string' ? part : Buffer.from(part).toString('utf8')))
        .join('');
      if (joined !== renderPageHtml(input)) differing.push(page.route);
      if (parts.every((part) => typeof part === 'string')) renderedAlone.push(page.route);
    }
    assert.deepEqual(differing, []);
    assert.deepEqual(renderedAlone, [], "every page writes its branch's shared sidebar bytes");
    // Pages in sidebar order: the few recent branches kept serve them all, so each branch is rendered exactly once.
    const branchKeys = new Set(site.notePages.map((page) => keys.get(page.route) ?? ''));
    assert.ok(
      branchKeys.size > 50 && branchKeys.size < site.notePages.length / 2,
      `${branchKeys.size} branches for ${site.notePages.length} pages`,
    );
    assert.equal(cache.branchesRendered, branchKeys.size, 'one sidebar rendered per branch');
    assert.ok(cache.branches.size <= RECENT_BRANCHES, 'only recent branches are kept');
    assert.ok(cache.pieces?.verified, 'sidebars put together from their top-level items');
  });

  it('falls back to whole sidebars when the pieces do not put one together (a theme whose sidebar is more than its items)', () => {
    const pages = site.notePages.filter((_, n) => n % 50 === 0);
    const keys = sidebarShapeKeys(site.sidebar);
    const cases = {
      'a frame that its items do not fit': {
        before: '<nav>',
        after: '</nav>',
        items: new Map<number, string>(),
        verified: false,
      },
      'an item that renders differently in a whole sidebar': {
        before: '',
        after: '',
        items: new Map([[1, '<li>not this item</li>']]),
        verified: false,
      },
    };
    for (const [name, pieces] of Object.entries(cases)) {
      const cache = createSidebarHtmlCache();
      cache.pieces = pieces;
      for (const page of pages) {
        const input = {
          page,
          site: theme,
          sidebar: pruneSidebar(site.sidebar, page.route),
          stylesheets: [],
          scripts: [],
          bootJson: '{}',
        };
        const parts = renderPageParts({ ...input, sidebarCache: { cache, key: keys.get(page.route) ?? '' } });
        const joined = parts
          .map((part) => (typeof part === 'string' ? part : Buffer.from(part).toString('utf8')))
          .join('');
        assert.equal(joined, renderPageHtml(input), `${name}: ${page.route}`);
      }
      assert.equal(cache.pieces, null, name);
    }
  });

  it('renders a page the same among the first pages, its sidebar its own, as later, its sidebar shared by shape', () => {
    const settings: DocPageSettings = {
      theme,
      sidebar: site.sidebar,
      stylesheets: [],
      scripts: [],
      modulePreloads: [],
      runtime: {
        baseUrl: '/wiki/',
        sidebarBranchUrl: '/wiki/assets/sidebar/',
        sidebarSkeletonUrl: '/wiki/assets/sidebar/skeleton.json',
        dataUrl: '/wiki/__data/',
        fullPageRoutes: [],
      },
      sharedBootJson: '"runtime":{}',
      sidebarDigest: '',
    };
    // Every fifth page from the middle of the corpus: more than the pages a renderer gives a sidebar of their own.
    const pages = site.notePages.filter((_, n) => n % 5 === 0).slice(40, 100);
    const renderAll = (order: typeof pages) => {
      const render = createDocPageRenderer(settings, renderPageParts);
      return new Map(order.map((page) => [page.route, JSON.stringify(render(page))]));
    };
    const forwards = renderAll(pages);
    const backwards = renderAll([...pages].reverse());
    const differing = pages.filter((page) => forwards.get(page.route) !== backwards.get(page.route));
    assert.deepEqual(
      differing.map((page) => page.route),
      [],
    );
  });

  it("lets the browser rebuild every corpus page's pruned sidebar from the skeleton and the branches it names", () => {
    // JSON round trips, as the files and the boot data are.
    const skeleton = JSON.parse(JSON.stringify(sidebarSkeleton(site.sidebar))) as typeof site.sidebar;
    const index = indexSidebarRoutes(site.sidebar);
    const differing: string[] = [];
    let fetched = 0;
    for (const page of site.notePages) {
      const indices = pageSidebarBranches(site.sidebar, page.route, index);
      fetched += indices.length;
      const branches = new Map(
        indices.map((i) => [i, JSON.parse(JSON.stringify(site.sidebar[i])) as (typeof site.sidebar)[number]]),
      );
      const assembled = assemblePageSidebar(skeleton, branches, page.route);
      if (!isDeepStrictEqual(assembled, JSON.parse(JSON.stringify(pruneSidebar(site.sidebar, page.route, index)))))
        differing.push(page.route);
    }
    assert.deepEqual(differing, []);
    assert.ok(
      fetched <= site.notePages.length,
      `at most one branch file a page on the corpus (${fetched} for ${site.notePages.length} pages)`,
    );
  });

  it('gives pages the same shape key only when their pruned sidebars and branches are the same', () => {
    const keys = sidebarShapeKeys(site.sidebar);
    const index = indexSidebarRoutes(site.sidebar);
    const shapeByKey = new Map<string, string>();
    const mismatched: string[] = [];
    for (const page of site.notePages) {
      const key = keys.get(page.route) ?? '';
      const shape = JSON.stringify([
        pruneSidebar(site.sidebar, page.route, index),
        pageSidebarBranches(site.sidebar, page.route, index),
      ]);
      if ((shapeByKey.get(key) ?? shape) !== shape) mismatched.push(page.route);
      shapeByKey.set(key, shape);
    }
    assert.deepEqual(mismatched, []);
    assert.ok(
      shapeByKey.size > 50 && shapeByKey.size < site.notePages.length / 2,
      `${shapeByKey.size} shapes for ${site.notePages.length} pages`,
    );
  });
});
