/**
 * The pages no note is behind (issue 23, part 4): generated-index categories (title, description, a card per child,
 * in their sidebar's order) and tags (each note's tags, the tags file, the tags list and one page per tag).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { DiagnosticList } from '../../src/node/diagnostics.js';
import { buildGeneratedIndexPageModels, createGeneratedIndexes } from '../../src/node/resolve/generatedIndex.js';
import { buildNotePageModels } from '../../src/node/resolve/pageModels.js';
import { buildSidebar } from '../../src/node/resolve/sidebar.js';
import { buildTagPageModels, kebabCase, resolveTags } from '../../src/node/resolve/tags.js';
import { makeTempDir } from '../helpers/cli.js';
import { parseVirtualNotes } from '../helpers/virtualNotes.js';

const config = validateConfig({ title: 'T', url: 'https://t.example', docs: { routeBasePath: '/docs/' } }, 'test');

describe('generated-index pages', () => {
  const notes = parseVirtualNotes({
    'intro.md': '# Intro',
    'guides/setup.md': '---\ndescription: Set it up.\n---\n# Setup',
    'guides/more/deep.md': '# Deep',
    'guides/more/deeper.md': '# Deeper',
  });
  const categories = new Map([
    ['guides', { label: 'Guides', link: { type: 'generated-index' as const, description: 'All the guides.' } }],
  ]);
  const indexes = createGeneratedIndexes({ routeBasePath: '/docs/' });
  const sidebar = buildSidebar({ docs: notes, categories, collapsed: true, generatedIndexes: indexes });
  const sidebars = new Map([['defaultSidebar', sidebar]]);
  const [page] = buildGeneratedIndexPageModels({ config, sidebars, indexes, docs: notes });

  it('is at /category/<slug of the label>, titled and described by its link, in the sidebar', () => {
    assert.ok(page);
    assert.equal(page.route, '/docs/category/guides');
    assert.equal(page.title, 'Guides');
    assert.match(page.contentHtml, /All the guides\./);
    assert.equal(page.sidebarId, 'defaultSidebar');
    assert.equal(sidebar[0]!.type === 'category' && sidebar[0]!.href, '/docs/category/guides');
  });

  it('has a card per child: notes with their description, categories with their number of items', () => {
    assert.deepEqual(page!.cards, [
      { title: 'more', href: '/guides/more/deep', kind: 'category', count: 2 },
      { title: 'Setup', href: '/guides/setup', kind: 'doc', description: 'Set it up.' },
    ]);
  });

  it('is in the pager order (folder order: guides/ before intro.md), and the notes around it link to it', () => {
    assert.equal(page!.previous, undefined);
    assert.equal(page!.next?.href, '/guides/more/deep');
    const notePages = buildNotePageModels({ config, sidebars, docs: notes });
    const deep = notePages.find((p) => p.route === '/guides/more/deep');
    assert.deepEqual(deep?.previous, { title: 'Guides', href: '/docs/category/guides' });
    assert.deepEqual(deep?.breadcrumbs[0], { label: 'Guides', href: '/docs/category/guides' });
  });
});

describe('kebabCase', () => {
  const cases: readonly [string, string][] = [
    ['Getting Started', 'getting-started'],
    ['fooBar', 'foo-bar'],
    ['__FOO_BAR__', 'foo-bar'],
    ['C++', 'c'],
    ['v2', 'v-2'],
    ['Éclair au café', 'éclair-au-café'],
  ];
  for (const [input, expected] of cases) it(`${input} -> ${expected}`, () => assert.equal(kebabCase(input), expected));
});

describe('tags', () => {
  const notes = parseVirtualNotes({
    'a.md': '---\ntags: [rust, Getting Started]\ndescription: About A.\n---\n# A',
    'b.md': '---\ntags: [rust, {label: Web Dev, permalink: /web}]\n---\n# B',
    'c.md': '# C',
  });

  it('gives each note its tags and each tag a page listing its notes, with a tags list', () => {
    const diagnostics = new DiagnosticList();
    const tags = resolveTags(notes, { config, docsDir: '/none', diagnostics, displayPath: (f) => f });
    assert.deepEqual(diagnostics.items, []);
    assert.deepEqual(tags.byDoc.get('a'), [
      { label: 'rust', href: '/docs/tags/rust' },
      { label: 'Getting Started', href: '/docs/tags/getting-started' },
    ]);
    assert.equal(tags.byDoc.get('c'), undefined);
    const pages = buildTagPageModels(tags, config);
    assert.deepEqual(
      pages.map((page) => [page.route, page.title]),
      [
        ['/docs/tags', 'Tags'],
        ['/docs/tags/rust', '2 docs tagged with "rust"'],
        ['/docs/tags/getting-started', '1 doc tagged with "Getting Started"'],
        ['/docs/tags/web', '1 doc tagged with "Web Dev"'],
      ],
    );
    assert.match(pages[0]!.contentHtml, /href="\/docs\/tags\/rust">rust<span class="tag__count">2<\/span>/);
    assert.match(pages[1]!.contentHtml, /<a href="\/a"><h2>A<\/h2><\/a><p>About A\.<\/p>/);
    assert.equal(pages[1]!.sidebarId, undefined, 'tag pages have no sidebar');
  });

  it('takes labels, permalinks and descriptions from the tags file, and warns of an undeclared tag naming the note', () => {
    const docsDir = makeTempDir('wiki-tags-');
    fs.writeFileSync(path.join(docsDir, 'tags.yml'), 'rust:\n  label: Rust\n  description: The language.\nweb:\n');
    const diagnostics = new DiagnosticList();
    const tagged = parseVirtualNotes({ 'a.md': '---\ntags: [rust, web, nope]\n---\n# A' });
    const tags = resolveTags(tagged, {
      config: { ...config, docs: { ...config.docs, tags: 'tags.yml' } },
      docsDir,
      diagnostics,
      displayPath: (f) => path.basename(f),
    });
    assert.deepEqual(tags.byDoc.get('a'), [
      { label: 'Rust', href: '/docs/tags/rust' },
      { label: 'web', href: '/docs/tags/web' },
      { label: 'nope', href: '/docs/tags/nope' },
    ]);
    assert.equal(tags.tags.get('/docs/tags/rust')?.description, 'The language.');
    assert.deepEqual(
      diagnostics.items.map((d) => [d.severity, d.code, d.file, /"nope"/.test(d.message)]),
      [['warning', 'undeclared-tag', 'a.md', true]],
    );
  });
});
