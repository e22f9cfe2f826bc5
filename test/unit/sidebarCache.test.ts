import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { createBuildContext } from '../../src/node/build/context.js';
import { loadSite, type SiteData } from '../../src/node/build/loadSite.js';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { renderPageHtml } from '../../src/node/render/renderPage.js';
import { createSidebarHtmlCache } from '../../src/node/render/sidebarCache.js';
import { buildThemeSettings } from '../../src/node/resolve/themeSettings.js';
import { pruneSidebar } from '../../src/shared/sidebar.js';
import type { ThemeSettings } from '../../src/shared/types.js';

// The sidebar HTML cache must be invisible: every page of the real corpus renders byte for byte as without it.
const corpus = path.resolve(import.meta.dirname, '../../../shared/corpora/knowledge');

describe('sidebar HTML cache', () => {
  let site: SiteData;
  let theme: ThemeSettings;
  before(async () => {
    const config = validateConfig({ title: 'Everything I know', url: 'https://wiki.example.com', baseUrl: '/wiki/' }, 'test');
    site = await loadSite(createBuildContext({ config, siteDir: corpus, docsDir: corpus }));
    theme = buildThemeSettings({ config, configPath: 'test', docs: site.docs, draftIds: site.draftIds, sidebar: site.sidebar });
  });

  it('renders every corpus page exactly as a full render does', () => {
    const cache = createSidebarHtmlCache();
    const differing: string[] = [];
    for (const page of site.docPages) {
      const input = { page, site: theme, sidebar: pruneSidebar(site.sidebar, page.route), stylesheets: [], scripts: [], bootJson: '{}' };
      if (renderPageHtml({ ...input, sidebarCache: cache }) !== renderPageHtml(input)) differing.push(page.route);
    }
    assert.deepEqual(differing, []);
    assert.ok(cache.size > 50 && cache.size < site.docPages.length / 2, `one sidebar per branch (${cache.size} for ${site.docPages.length} pages)`);
  });
});
