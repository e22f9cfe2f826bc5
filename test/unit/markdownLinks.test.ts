import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { splitFrontMatter } from '../../src/node/notes/frontMatter.js';
import type { LinkRecord, LinkResolver } from '../../src/node/markdown/noteEnv.js';
import { createMarkdownRenderer, renderNote } from '../../src/node/markdown/renderNote.js';
import { createLinkResolver, isUrlLink } from '../../src/node/resolve/links.js';
import { asRoute, asSourcePath } from '../../src/shared/paths.js';
import { fixturesDir } from '../helpers/cli.js';

// Links in notes through the real link resolver: note paths -> routes, docs files -> assets, misses reported.
const md = createMarkdownRenderer();
// The docs folder holds only the two files links point to (x/pic.png, a/paper.pdf): the notes are given here.
const docsDir = path.join(fixturesDir, 'link-assets/docs');

const routes = [
  ['a/b.md', '/a/b'],
  ['a/a.md', '/a/'],
  ['x/y.md', '/x/y'],
  ['x/z.md', '/x/z'],
  ['x/c.mdx', '/x/c'],
  ['my notes/n.md', '/my notes/n'],
] as const;

const resolveLink: LinkResolver = createLinkResolver({
  routes: routes.map(([source, route]) => [source, asRoute(route)] as const),
  docsDir,
  staticFiles: new Set(['img/logo.svg']),
  extraRoutes: new Set(['/search']),
  baseUrl: '/',
});

/** Renders one link written in x/y.md and returns its HTML and record. */
function renderLink(markdown: string): { html: string; link: LinkRecord } {
  const rendered = renderNote(md, { sourcePath: asSourcePath('x/y.md'), body: markdown, lineOffset: 0, resolveLink });
  assert.equal(rendered.links.length, 1, `one link in ${markdown}`);
  return { html: rendered.html, link: rendered.links[0]! };
}

const internalCases: readonly { markdown: string; href: string; anchor?: { route: string; id: string } }[] = [
  { markdown: '[a](../a/b.md)', href: '/a/b' },
  { markdown: '[z](z.md#part)', href: '/x/z#part', anchor: { route: '/x/z', id: 'part' } },
  { markdown: '[c](./c.mdx)', href: '/x/c' },
  { markdown: '[index](../a/a.md)', href: '/a/' },
  { markdown: '[abs](/a/b.md)', href: '/a/b' },
  { markdown: '[site-rooted](/docs/a/b.md)', href: '/a/b' }, // from the site folder, as Docusaurus reads it
  { markdown: '[space](../my%20notes/n.md)', href: '/my%20notes/n' },
  { markdown: '[route](/a/b)', href: '/a/b' },
  { markdown: '[relative route](../a/)', href: '/a/' },
  { markdown: '[search](/search)', href: '/search' },
  { markdown: '[static](/img/logo.svg)', href: '/img/logo.svg' },
  { markdown: '[same page](#here)', href: '#here', anchor: { route: '/x/y', id: 'here' } },
];

describe('internal links are rewritten to routes', () => {
  for (const c of internalCases) {
    it(`${c.markdown} -> ${c.href}`, () => {
      const { html, link } = renderLink(c.markdown);
      assert.ok(html.includes(`<a href="${c.href}">`), html);
      assert.equal(link.resolved.broken, undefined);
      assert.equal(link.resolved.external, false);
      assert.deepEqual(link.resolved.anchor, c.anchor);
    });
  }
});

const externalCases: readonly { markdown: string; newTab: boolean }[] = [
  { markdown: '[e](https://example.com/a?b=1)', newTab: true },
  { markdown: '[e](http://example.com)', newTab: true },
  { markdown: '[e](//cdn.example.com/x.js)', newTab: true },
  { markdown: '[m](mailto:someone@example.com)', newTab: false },
];

describe('links that leave the site', () => {
  for (const c of externalCases) {
    it(`${c.markdown} ${c.newTab ? 'opens a new tab' : 'keeps the tab'}`, () => {
      const { html, link } = renderLink(c.markdown);
      assert.equal(link.resolved.broken, undefined);
      assert.equal(html.includes('target="_blank" rel="noopener noreferrer"'), c.newTab, html);
    });
  }
});

const brokenCases: readonly { markdown: string; reason: RegExp }[] = [
  { markdown: '[gone](missing.md)', reason: /No note at "x\/missing\.md"/ },
  { markdown: '[gone](../a/missing.md#part)', reason: /No note at "a\/missing\.md"/ },
  { markdown: '[typo](zz.md)', reason: /^No note at "x\/zz\.md" \(did you mean "z\.md"\?\)$/ },
  { markdown: '[moved](../old/b.md)', reason: /^No note at "old\/b\.md" \(did you mean "\.\.\/a\/b\.md"\?\)$/ },
  { markdown: '[gone](/nope)', reason: /^No page or file at "\/nope"$/ },
  { markdown: '[typo](/a/bb)', reason: /^No page or file at "\/a\/bb" \(did you mean "\/a\/b"\?\)$/ },
  { markdown: '[typo](../serch)', reason: /^No page or file at "\/serch" \(did you mean "\/search"\?\)$/ },
  { markdown: '[gone](../nowhere/)', reason: /No page or file at "\/nowhere\/"/ },
];

describe('broken links', () => {
  for (const c of brokenCases) {
    it(`${c.markdown} is reported`, () => {
      const { link } = renderLink(c.markdown);
      assert.match(link.resolved.broken ?? '', c.reason);
    });
  }

  const lineCases: readonly { name: string; source: string; lines: readonly number[] }[] = [
    { name: 'no front matter', source: '# T\n\n[a](missing-1.md)\n\n- [b](missing-2.md)\n', lines: [3, 5] },
    {
      name: 'front matter lines counted',
      source: '---\ntitle: T\ndescription: D\n---\n# T\n\n[a](missing-1.md)\n\n> [q](missing-2.md)\n',
      lines: [7, 9],
    },
    {
      name: 'in an admonition and a heading',
      source: '---\ntitle: T\n---\n\n## See [h](missing-1.md)\n\n:::note\n\n[n](missing-2.md)\n\n:::\n',
      lines: [5, 9],
    },
  ];
  for (const c of lineCases) {
    it(`reports the file line of each link: ${c.name}`, () => {
      const split = splitFrontMatter(c.source);
      const rendered = renderNote(md, {
        sourcePath: asSourcePath('x/y.md'),
        body: split.body,
        lineOffset: split.bodyLineOffset,
        resolveLink,
      });
      assert.deepEqual(
        rendered.links.map((l) => [l.target, l.line, Boolean(l.resolved.broken)]),
        c.lines.map((line, i) => [`missing-${i + 1}.md`, line, true]),
      );
    });
  }
});

describe('files of the docs folder become assets', () => {
  const assetCases: readonly { markdown: string; file: string; tag: 'img' | 'a' }[] = [
    { markdown: '![pic](pic.png)', file: 'x/pic.png', tag: 'img' },
    { markdown: '![pic](./pic.png)', file: 'x/pic.png', tag: 'img' },
    { markdown: '[paper](../a/paper.pdf)', file: 'a/paper.pdf', tag: 'a' },
  ];
  for (const c of assetCases) {
    it(`${c.markdown} -> a hashed file under assets/files/`, () => {
      const { html, link } = renderLink(c.markdown);
      const asset = link.resolved.asset;
      assert.ok(asset, 'an asset to copy');
      assert.equal(asset.filePath, path.join(docsDir, c.file));
      const name = path.basename(c.file, path.extname(c.file));
      assert.match(asset.outputPath, new RegExp(`^assets/files/${name}-[0-9a-f]{8}\\${path.extname(c.file)}$`));
      const attribute = c.tag === 'img' ? 'src' : 'href';
      assert.ok(html.includes(`<${c.tag} ${attribute}="/${asset.outputPath}"`), html);
    });
  }

  it('gives the same file the same output path from two notes', () => {
    const one = renderNote(md, {
      sourcePath: asSourcePath('x/y.md'),
      body: '![p](pic.png)',
      lineOffset: 0,
      resolveLink,
    });
    const two = renderNote(md, {
      sourcePath: asSourcePath('a/b.md'),
      body: '![p](../x/pic.png)',
      lineOffset: 0,
      resolveLink,
    });
    assert.equal(one.links[0]!.resolved.asset?.outputPath, two.links[0]!.resolved.asset?.outputPath);
  });

  it('reports a missing image', () => {
    const { link } = renderLink('![gone](nothing.png)');
    assert.equal(link.resolved.asset, undefined);
    assert.ok(link.resolved.broken);
  });
});

// The build cache keeps no link to a URL (buildCache.ts): it must resolve to itself whatever the site holds.
describe('links to URLs', () => {
  const urls = ['https://example.com/a/b', 'http://example.com', '//cdn.example.com/x.js', 'mailto:me@example.com'];
  const otherSite = createLinkResolver({
    routes: [[asSourcePath('https:/example.com.md'), asRoute('/https:/example.com')]],
    docsDir: path.join(fixturesDir, 'link-assets'),
    staticFiles: new Set(['example.com']),
    extraRoutes: new Set(['/example.com', '//cdn.example.com/x.js']),
    baseUrl: '/base/',
  });

  for (const href of urls) {
    it(`resolves ${href} to itself, with any notes, routes, files and base URL`, () => {
      assert.ok(isUrlLink(href));
      const here = resolveLink(href, asSourcePath('x/y.md'));
      assert.deepEqual(here, { href, external: href !== urls[3] });
      assert.deepEqual(otherSite(href, asSourcePath('a/b.md')), here);
    });
  }

  it('tells a URL from a path', () => {
    for (const href of ['x/y.md', '/a/b', '../pic.png', '#top', '[[Note]]']) assert.equal(isUrlLink(href), false, href);
  });
});
