/**
 * Fixture mini-sites built by the real `wiki build`, one feature each: the files written, the sidebar in
 * the HTML, page data, and what the CLI prints. Error fixtures are in engineProblems.test.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { buildFixture, readBuilt, type CliResult } from '../helpers/cli.js';
import { listFiles, listPages, paginationHrefs, readSidebarJson, sidebarEntries, sidebarHrefs } from './builtSite.js';

type Built = CliResult & { outDir: string };

function assertBuilt(result: Built): void {
  assert.equal(result.code, 0, `build failed:\n${result.stderr}`);
}

describe('fixture category-json: _category_.json / .yml metadata', () => {
  let built: Built;
  before(async () => {
    built = await buildFixture('category-json');
  });

  it('builds without warnings', () => {
    assertBuilt(built);
    assert.equal(built.stderr, '');
    assert.match(built.stdout, /6 notes, 7 routes, 0 error\(s\), 0 warning\(s\)/);
  });

  it('writes one HTML file and one page data file per note', () => {
    assert.deepEqual(listPages(built.outDir), {
      html: ['alpha/one.html', 'alpha/two.html', 'beta/three.html', 'delta/five.html', 'gamma/four.html', 'index.html'],
      data: [
        '__data/alpha/one.json',
        '__data/alpha/two.json',
        '__data/beta/three.json',
        '__data/delta/five.json',
        '__data/gamma/four.json',
        '__data/index.json',
      ],
    });
  });

  it('labels, orders and collapses categories as their metadata files say (.json wins over .yml)', () => {
    const outline = (readSidebarJson(built.outDir) as { label: string; type: string; collapsed?: boolean }[]).map(
      (item) => [item.type, item.label, item.collapsed],
    );
    assert.deepEqual(outline, [
      ['category', 'Alpha Things', false],
      ['category', 'Beta Stuff', true],
      ['category', 'Delta From JSON', true],
      ['category', 'gamma', true],
      ['link', 'Intro', undefined],
    ]);
  });

  const pageCases: readonly { file: string; entries: string[] }[] = [
    // collapsed: false keeps Alpha open on every page; other categories open only around the current page.
    {
      file: 'index.html',
      entries: ['[Alpha Things]', '/alpha/one', '/alpha/two', '[Beta Stuff]', '[Delta From JSON]', '[gamma]', '/'],
    },
    {
      file: 'beta/three.html',
      entries: [
        '[Alpha Things]',
        '/alpha/one',
        '/alpha/two',
        '[Beta Stuff]',
        '/beta/three',
        '[Delta From JSON]',
        '[gamma]',
        '/',
      ],
    },
    {
      file: 'gamma/four.html',
      entries: [
        '[Alpha Things]',
        '/alpha/one',
        '/alpha/two',
        '[Beta Stuff]',
        '[Delta From JSON]',
        '[gamma]',
        '/gamma/four',
        '/',
      ],
    },
  ];
  for (const c of pageCases) {
    it(`sidebar of ${c.file}`, () => assert.deepEqual(sidebarEntries(readBuilt(built.outDir, c.file)), c.entries));
  }

  it('highlights code at build time and ships no highlighter to the browser', () => {
    assert.match(readBuilt(built.outDir, 'index.html'), /<span class="token keyword">const<\/span>/);
    const scripts = listFiles(built.outDir).filter((file) => file.endsWith('.js'));
    assert.ok(scripts.length > 0);
    for (const script of scripts)
      assert.doesNotMatch(readBuilt(built.outDir, script), /Prism|languages\.javascript/, script);
  });
});

describe('fixture sidebar-position: sidebar_position and number prefixes', () => {
  let built: Built;
  before(async () => {
    built = await buildFixture('sidebar-position');
  });

  it('strips number prefixes from the output paths', () => {
    assertBuilt(built);
    assert.deepEqual(listPages(built.outDir).html, [
      'a.html',
      'b.html',
      'c.html',
      'index.html',
      'setup.html',
      'tools/hammer.html',
      'tools/level.html',
      'tools/saw.html',
    ]);
    assert.ok(fs.existsSync(path.join(built.outDir, '__data/tools/saw.json')));
  });

  const order = ['/c', '/setup', '/a', '/tools/level', '/tools/saw', '/tools/hammer', '/', '/b'];

  it('orders the sidebar: positions first (front matter or prefix), then the rest by path', () => {
    assert.deepEqual(sidebarHrefs(readBuilt(built.outDir, 'setup.html')), order);
    assert.deepEqual(sidebarEntries(readBuilt(built.outDir, 'setup.html')), [
      '/c',
      '/setup',
      '/a',
      '[tools]',
      ...order.slice(3),
    ]);
  });

  it('labels links with sidebar_label', () => {
    assert.match(readBuilt(built.outDir, 'c.html'), /<a class="menu__link" href="\/tools\/level">Level<\/a>/);
  });

  const neighbours: readonly { file: string; hrefs: string[] }[] = [
    { file: 'c.html', hrefs: ['/setup'] },
    { file: 'a.html', hrefs: ['/setup', '/tools/level'] },
    { file: 'tools/hammer.html', hrefs: ['/tools/saw', '/'] },
    { file: 'b.html', hrefs: ['/'] },
  ];
  for (const c of neighbours) {
    it(`previous/next of ${c.file} follow the sidebar order`, () => {
      assert.deepEqual(paginationHrefs(readBuilt(built.outDir, c.file)), c.hrefs);
      const data = JSON.parse(readBuilt(built.outDir, `__data/${c.file.replace(/\.html$/, '.json')}`)) as {
        previous?: { href: string };
        next?: { href: string };
      };
      assert.deepEqual([data.previous?.href, data.next?.href].filter(Boolean), c.hrefs);
    });
  }
});

describe('fixture draft: drafts are left out of production builds', () => {
  let built: Built;
  before(async () => {
    built = await buildFixture('draft');
  });

  it('builds silently: no warning about the navbar item pointing to the draft', () => {
    assertBuilt(built);
    assert.equal(built.stderr, '');
    assert.match(built.stdout, /2 notes, 3 routes, 0 error\(s\), 0 warning\(s\)/);
  });

  it('writes no file for the drafts', () => {
    assert.deepEqual(listPages(built.outDir), {
      html: ['index.html', 'notes/public.html'],
      data: ['__data/index.json', '__data/notes/public.json'],
    });
  });

  it('mentions the drafts nowhere in the output (pages, sidebar, sitemap, search)', () => {
    for (const file of listFiles(built.outDir)) {
      assert.doesNotMatch(readBuilt(built.outDir, file), /SECRET-DRAFT-TEXT|notes\/secret|\/wip/, file);
    }
  });

  it('leaves the drafts out of the sidebar', () => {
    assert.deepEqual(sidebarEntries(readBuilt(built.outDir, 'index.html')), ['/', '[notes]', '/notes/public']);
  });

  it('skips the navbar item to the draft and keeps the one to a published note', () => {
    const html = readBuilt(built.outDir, 'notes/public.html');
    const navbar = /<nav class="navbar"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    assert.match(navbar, /<a [^>]*href="\/"[^>]*>Start here<\/a>/);
    assert.doesNotMatch(navbar, /Secret plans/);
  });
});
