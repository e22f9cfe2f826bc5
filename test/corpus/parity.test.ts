import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { createBuildContext } from '../../src/node/context.js';
import { loadSite } from '../../src/node/pipeline/pipeline.js';
import type { SiteData } from '../../src/node/pipeline/site.js';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import type { SidebarItem } from '../../src/shared/types.js';
import { corpusDir as corpus, oracleDir as oracle } from './sharedFolder.js';

// Parity with the reference Docusaurus 2.3.1 build of the real notes corpus (../shared/oracle/knowledge).

interface OraclePage {
  readonly route: string;
  readonly docId: string;
  readonly title: string;
  readonly description: string | null;
  readonly tocAnchors: readonly string[];
}

interface ComparableItem {
  readonly type: string;
  readonly label: string;
  readonly href?: string;
  readonly items?: readonly ComparableItem[];
}

function comparable(items: readonly (SidebarItem | ComparableItem)[]): ComparableItem[] {
  return items.map((item) => ({
    type: item.type,
    label: item.label,
    ...(item.href !== undefined && { href: item.href }),
    ...('items' in item && item.items && { items: comparable(item.items) }),
  }));
}

describe('parity with the reference site on the real corpus', () => {
  let site: SiteData;
  before(async () => {
    const config = validateConfig(
      {
        title: 'Everything I know',
        url: 'https://wiki.nikiv.dev',
        editUrl: 'https://github.com/nikitavoloboev/knowledge/tree/main/docs/',
      },
      'parity',
    );
    site = await loadSite(createBuildContext({ config, siteDir: corpus, docsDir: corpus }));
  });

  it('produces exactly the oracle routes (1,063 with /search)', () => {
    const expected = fs.readFileSync(path.join(oracle, 'routes.txt'), 'utf8').trim().split('\n');
    const ours = [
      ...site.notePages.map((page) => page.route),
      ...site.specialPages.filter((page) => page.kind === 'search').map((page) => page.route),
    ].sort();
    assert.equal(expected.length, 1063);
    assert.deepEqual(ours, [...expected].sort());
  });

  it('produces the oracle sidebar: labels, hrefs, order and nesting', () => {
    const expected = JSON.parse(fs.readFileSync(path.join(oracle, 'sidebar.json'), 'utf8')) as ComparableItem[];
    assert.deepEqual(comparable(site.sidebar), comparable(expected));
  });

  it('gives every page the oracle <title> and doc id', () => {
    const pages = JSON.parse(fs.readFileSync(path.join(oracle, 'pages.json'), 'utf8')) as OraclePage[];
    const byRoute = new Map(site.notePages.map((page) => [page.route as string, page]));
    const mismatches = pages
      .filter((p) => p.route !== '/search')
      .filter((p) => byRoute.get(p.route)?.documentTitle !== p.title || byRoute.get(p.route)?.docId !== p.docId);
    assert.deepEqual(
      mismatches.map((p) => `${p.route}: ${byRoute.get(p.route)?.documentTitle} != ${p.title}`),
      [],
    );
  });

  it('gives every page the oracle h2/h3 anchors, in order', () => {
    const pages = JSON.parse(fs.readFileSync(path.join(oracle, 'pages.json'), 'utf8')) as OraclePage[];
    const byRoute = new Map(site.notePages.map((page) => [page.route as string, page]));
    const mismatches = pages
      .filter((p) => p.route !== '/search')
      .filter((p) => JSON.stringify(byRoute.get(p.route)?.toc.map((t) => t.id)) !== JSON.stringify(p.tocAnchors));
    assert.deepEqual(
      mismatches.map((p) => p.route),
      [],
    );
  });

  it('derives descriptions like the reference (all but a handful of its regex quirks)', () => {
    const pages = JSON.parse(fs.readFileSync(path.join(oracle, 'pages.json'), 'utf8')) as OraclePage[];
    const byRoute = new Map(site.notePages.map((page) => [page.route as string, page]));
    const unescape = (text: string) =>
      text
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    const differing = pages.filter(
      (p) => p.description !== null && byRoute.get(p.route)?.description !== unescape(p.description),
    );
    assert.ok(
      differing.length <= 5,
      `descriptions differ on ${differing.length} pages: ${differing.map((p) => p.route).join(', ')}`,
    );
  });
});
