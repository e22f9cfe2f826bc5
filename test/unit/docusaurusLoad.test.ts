/**
 * Loading a Docusaurus config as a site has it: CommonJS, an ES module or TypeScript; an object, a promise or an
 * (async) function; packages the site has not installed stand in, each named in one warning.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig, type ConfigWarning } from '../../src/node/config/loadConfig.js';
import { fixturesDir } from '../helpers/cli.js';

const formats = path.join(fixturesDir, 'docusaurus-formats');

async function load(
  relPath: string,
): Promise<{ config: Awaited<ReturnType<typeof loadConfig>>; warnings: ConfigWarning[] }> {
  const warnings: ConfigWarning[] = [];
  const config = await loadConfig(path.join(formats, relPath), { onWarning: (warning) => warnings.push(warning) });
  return { config, warnings };
}

/** The packages the stand-in warnings name, and the option paths of the ignored-options warning. */
function summarise(warnings: readonly ConfigWarning[]): { stubbed: string[]; ignored: string[]; count: number } {
  const stubbed = warnings
    .filter((warning) => warning.code === 'config-package-missing')
    .map((warning) => /imports "([^"]+)"/.exec(warning.message)![1]!);
  const listed = warnings.filter((warning) => warning.code === 'config-ignored');
  assert.ok(listed.length <= 1, 'the ignored options are listed in one warning');
  const ignored = (listed[0]?.message ?? '')
    .split('\n')
    .slice(1)
    .map((line) => line.replace(/^\s*- /, ''));
  return { stubbed, ignored, count: warnings.length };
}

describe('loading docusaurus.config.*', () => {
  it('an ES module exporting an async function, a missing package imported twice: one warning naming it', async () => {
    const { config, warnings } = await load('esm-async/docusaurus.config.mjs');
    assert.equal(config.title, 'Async ESM');
    assert.equal(config.baseUrl, '/site/');
    assert.equal(config.docsDir, 'notes');
    assert.equal(config.docs.routeBasePath, '/');
    assert.equal(config.docs.sidebarPath, 'sidebars.js', 'import.meta.dirname is the config folder');
    assert.deepEqual(summarise(warnings), {
      stubbed: ['remark-math-fixture'],
      ignored: ['presets[0].docs.remarkPlugins'],
      count: 2,
    });
    assert.match(warnings[0]!.file, /esm-async\/docusaurus\.config\.mjs$/);
  });

  it('TypeScript with type-only imports of uninstalled packages and `satisfies`; prism themes from a stand-in', async () => {
    const { config, warnings } = await load('ts/docusaurus.config.ts');
    assert.equal(config.title, 'TypeScript Site');
    assert.equal(config.trailingSlash, false);
    assert.equal(config.onBrokenLinks, 'warn');
    assert.equal(config.docs.routeBasePath, '/docs/');
    assert.equal(config.docs.tags, 'tags.yml');
    assert.deepEqual(config.analytics, { trackingID: 'UA-1', anonymizeIP: false });
    assert.equal(config.search.provider, 'algolia');
    assert.equal(config.search.indexName, 'site');
    assert.equal(config.editUrl, undefined);
    assert.deepEqual(summarise(warnings), {
      stubbed: ['prism-react-renderer'],
      ignored: [
        'presets[0].docs.editUrl (a function: give the edit URL prefix as a string)',
        'themeConfig.prism',
        'themeConfig.algolia.insights',
      ],
      count: 2,
    });
  });

  it('CommonJS exporting a function: local requires bundled, require.resolve of a missing preset kept by name', async () => {
    const { config, warnings } = await load('cjs-function/docusaurus.config.cjs');
    assert.equal(config.title, 'CommonJS 1');
    assert.equal(config.staticDir, 'public');
    assert.equal(config.docs.sidebarPath, 'sidebars.cjs');
    assert.deepEqual(config.navbar.items, [{ to: '/api/', label: 'API' }]);
    assert.deepEqual(summarise(warnings), {
      stubbed: [],
      ignored: [
        'staticDirectories[1] ("more-static": only the first static folder is copied)',
        'themeConfig.navbar.items[0] (type "custom-thing")',
      ],
      count: 1,
    });
  });
});
