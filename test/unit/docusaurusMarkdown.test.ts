import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { validateConfig } from '../../src/node/config/loadConfig.js';
import { parseHeadingId } from '../../src/node/markdown/headings.js';
import { KATEX_OUTPUT, katexAssetCopies, renderMath } from '../../src/node/markdown/math.js';
import { skipMdxPreamble } from '../../src/node/markdown/mdxPreamble.js';
import type { LinkResolver } from '../../src/node/markdown/noteEnv.js';
import { createMarkdownRenderer, renderNote, type NoteContent } from '../../src/node/markdown/renderNote.js';
import { parseNote, summariseNote } from '../../src/node/notes/parseNotes.js';
import { buildNotePageModels, withNoteContent } from '../../src/node/resolve/pageModels.js';
import { asSourcePath } from '../../src/shared/paths.js';
import type { DocPageModel } from '../../src/shared/types.js';
import { resolveVirtualNotes } from '../helpers/virtualNotes.js';

// Markdown as Docusaurus renders it: what comes before a note's title, heading ids, admonition titles, math, Mermaid.
const md = createMarkdownRenderer();
const keepLinks: LinkResolver = (href) => ({ href, external: false });
const render = (body: string, lineOffset = 0): NoteContent =>
  renderNote(md, { sourcePath: asSourcePath('notes/note.md'), body, lineOffset, resolveLink: keepLinks });

describe('skipMdxPreamble', () => {
  const cases: [name: string, body: string, contentStart: string | undefined][] = [
    ['no preamble', '# Title\n', undefined],
    ['a paragraph', 'Intro text.\n\n# Title', undefined],
    ['one import', "import Tabs from '@theme/Tabs';\n\n# Title", '# Title'],
    ['imports without a blank line between', 'import A from \'./a\';\nimport B from "./b";\n\n# T', '# T'],
    ['a multi-line import', "import {\n  A,\n  B,\n} from './ab';\n\n# T", '# T'],
    ['a side-effect import', "import './styles.css';\n\n# T", '# T'],
    ['an export', 'export const Highlight = ({children}) => (\n  <span>{children}</span>\n);\n\n# T', '# T'],
    ['a JSX comment', '{/* a comment\n over lines */}\n\n# T', '# T'],
    ['an HTML comment', '<!-- draft -->\n# T', '# T'],
    ['all of them, indented by blank lines', "\n\nimport A from 'a';\n\n{/* c */}\n\n<!-- d -->\n\nText", 'Text'],
    ['prose that starts with "import"', 'import the data first.\n\n# T', undefined],
    ['prose that starts with "export"', 'export your notes to PDF.\n\n# T', undefined],
    ['an unclosed comment', '{/* never closed\n\n# T', undefined],
  ];
  for (const [name, body, contentStart] of cases) {
    it(name, () => {
      const start = skipMdxPreamble(body);
      if (contentStart === undefined) assert.equal(start, 0);
      else assert.equal(body.slice(start), body.slice(body.lastIndexOf(contentStart)));
    });
  }
});

describe('titles from the first heading after imports and comments', () => {
  const cases: [name: string, body: string, title: string, description: string][] = [
    [
      'imports',
      "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n# Tabs\n\nSome text.",
      'Tabs',
      'Some text.',
    ],
    ['a JSX comment', '{/* generated */}\n\n# Generated\n\nBody.', 'Generated', 'Body.'],
    ['an HTML comment', '<!-- draft -->\n\n# Vite\n\nA bundler.', 'Vite', 'A bundler.'],
    ['an export then a setext heading', 'export const x = 1;\n\nSetext\n======\n\nFirst.', 'Setext', 'First.'],
  ];
  for (const [name, body, title, description] of cases) {
    it(`after ${name}`, () => {
      const { notes, parser } = resolveVirtualNotes({ 'web/note.md': body });
      const summary = summariseNote(notes[0]!, parser);
      assert.equal(summary.title, title);
      assert.equal(summary.contentHasTitle, true);
      assert.equal(summary.description, description);
    });
  }

  it('renders no import or export line, nor the comment, and keeps line numbers of what follows', () => {
    const body = "import A from './a';\nexport const b = 1;\n\n{/* note */}\n\n# Title\n\n[x](y.md)";
    const { html, headings, links } = render(body, 3);
    assert.doesNotMatch(html, /import|export|note \*\//);
    assert.equal(headings[0]!.isFirstBlock, true);
    assert.equal(headings[0]!.line, 3 + 6);
    assert.equal(links[0]!.line, 3 + 8);
  });
});

describe('explicit heading ids', () => {
  const cases: [text: string, expected: { text: string; id?: string }][] = [
    ['Title', { text: 'Title' }],
    ['Title {#my-id}', { text: 'Title', id: 'my-id' }],
    ['User shares {/* #user-shares */}', { text: 'User shares', id: 'user-shares' }],
    ['Tight {/*#tight*/}', { text: 'Tight', id: 'tight' }],
    ['Not at the end {#x} here', { text: 'Not at the end {#x} here' }],
    ['Escaped \\{#x}', { text: 'Escaped \\{#x}' }],
    ['A plain comment {/* note */}', { text: 'A plain comment {/* note */}' }],
  ];
  for (const [text, expected] of cases) {
    it(JSON.stringify(text), () => assert.deepEqual(parseHeadingId(text), expected));
  }

  it('takes the id and drops the comment from the heading, its TOC entry and its text', () => {
    const { html, headings } = render('## User *shares* {/* #user-shares */}\n\n## Tight {/*#tight*/}');
    assert.deepEqual(
      headings.map(({ id, text, html: tocHtml }) => ({ id, text, tocHtml })),
      [
        { id: 'user-shares', text: 'User shares', tocHtml: 'User <em>shares</em>' },
        { id: 'tight', text: 'Tight', tocHtml: 'Tight' },
      ],
    );
    assert.doesNotMatch(html, /\/\*|\{/);
  });
});

describe('admonition titles', () => {
  it('renders inline Markdown, resolves its links like any link and records them for the link check', () => {
    const { notes, parser } = resolveVirtualNotes({
      'a/note.md':
        ':::tip[See [the docs](./other.md) and **this**]\nBody\n:::\n\n:::note Title with `code` [gone](./gone.md)\nx\n:::',
      'a/other.md': '# Other',
    });
    const parsed = parseNote(notes[0]!, parser);
    assert.match(
      parsed.html,
      /<div class="admonition admonition-tip"><p class="admonition-heading">See <a href="\/a\/other">the docs<\/a> and <strong>this<\/strong><\/p><div class="admonition-content">/,
    );
    assert.match(
      parsed.html,
      /<p class="admonition-heading">Title with <code>code<\/code> <a href="[^"]*">gone<\/a><\/p>/,
    );
    assert.deepEqual(
      parsed.links.map((link) => [link.target, link.line, link.resolved.broken !== undefined]),
      [
        ['./other.md', 1, false],
        ['./gone.md', 5, true],
      ],
    );
  });

  it('keeps the type name as the title when none is given', () => {
    assert.match(render(':::warning\nx\n:::').html, /<p class="admonition-heading">warning<\/p>/);
  });
});

describe('math', () => {
  // Whether each text holds inline math, and the TeX of each formula.
  const cases: [markdown: string, tex: readonly string[]][] = [
    ['$x^2$ and $y$', ['x^2', 'y']],
    ['costs $5 and $10 today', []],
    ['between $5 and $10, or $x$', ['x']],
    ['$ x$ and $x $', []],
    ['$x$5 is not closed before a digit', []],
    ['a price 5$ and 6$', []],
    ['an escaped \\$x$ dollar', []],
    ['escaped inside: $a \\$ b$', ['a \\$ b']],
    ['`$x$` in code', []],
    ['[Bash $@ (2017)](https://example.com/bash-$@)', []],
    ['the integral $\\int x\\,dx$ keeps its thin space', ['\\int x\\,dx']],
    ['display inline $$a+b$$ here', ['a+b']],
  ];
  for (const [markdown, tex] of cases) {
    it(JSON.stringify(markdown), () => {
      const { html, usesMath } = render(markdown);
      const found = [...html.matchAll(/<annotation encoding="application\/x-tex">(.*?)<\/annotation>/g)].map(
        (m) => m[1],
      );
      assert.deepEqual(
        found,
        tex.map((t) => t.replace(/&/g, '&amp;')),
      );
      assert.equal(usesMath, tex.length > 0 ? true : undefined);
    });
  }

  it('renders $$ blocks and math fences as display math', () => {
    for (const markdown of [
      '$$\n\\frac{a}{b}\n$$',
      '$$ \\frac{a}{b} $$',
      '```math\n\\frac{a}{b}\n```',
      'Text\n$$\n\\frac{a}{b}\n$$',
    ]) {
      const { html, usesMath } = render(markdown);
      assert.match(html, /<div class="math math-display"><span class="katex-display">/, markdown);
      assert.match(html, /<annotation encoding="application\/x-tex">\\frac\{a\}\{b\}<\/annotation>/, markdown);
      assert.equal(usesMath, true);
    }
  });

  it('leaves an unclosed $$ as text and renders a TeX error as KaTeX error text, not a failed build', () => {
    assert.match(render('$$\nno end').html, /<p>\$\$\nno end<\/p>/);
    assert.match(renderMath('\\frac{', false), /class="katex-error"/);
  });

  it('renders with KaTeX at build time', () => {
    assert.match(renderMath('x', false), /^<span class="katex">/);
    assert.match(renderMath('x', true), /^<span class="katex-display">/);
  });

  it("lists KaTeX's stylesheet and every font it names, from files that exist", () => {
    const copies = katexAssetCopies();
    const outputs = new Set(copies.values());
    assert.ok(outputs.has(`${KATEX_OUTPUT}/katex.min.css`));
    const css = [...copies].find(([, out]) => out.endsWith('.css'))![0];
    for (const [, font] of fs.readFileSync(css, 'utf8').matchAll(/url\((fonts\/[^)]+)\)/g))
      assert.ok(outputs.has(`${KATEX_OUTPUT}/${font}`), font);
    for (const source of copies.keys()) assert.ok(fs.existsSync(source), source);
  });
});

describe('Mermaid', () => {
  it('renders a mermaid fence as its escaped source for the browser, and marks the note', () => {
    const { html, usesMermaid, usesMath } = render('```mermaid\ngraph TD\n  A-->B["<b>"]\n```');
    assert.equal(html, '<pre class="mermaid">graph TD\n  A--&gt;B[&quot;&lt;b&gt;&quot;]\n</pre>\n');
    assert.equal(usesMermaid, true);
    assert.equal(usesMath, undefined);
    assert.equal(render('```js\nx\n```').usesMermaid, undefined);
  });
});

describe('links written /docs/x.md', () => {
  it('resolve against the docs folder first, then the site folder holding it', () => {
    const { notes, parser } = resolveVirtualNotes({
      'a/note.md':
        '[site](/docs/b/target.md#part) [docs](/b/target.md) [outside](/other/target.md) [up](/docs/../x.md)',
      'b/target.md': '# Target\n\n## Part',
    });
    const { links } = parseNote(notes[0]!, parser);
    assert.deepEqual(
      links.map((link) => [link.resolved.href, link.resolved.broken !== undefined]),
      [
        ['/b/target#part', false],
        ['/b/target', false],
        ['/other/target.md', true],
        ['/docs/../x.md', true],
      ],
    );
    assert.deepEqual(links[0]!.resolved.anchor, { route: '/b/target', id: 'part' });
  });
});

describe("KaTeX's stylesheet on pages with math only", () => {
  const page = { kind: 'doc', route: '/a', head: [{ tag: 'meta', attributes: { name: 'x', content: 'y' } }] };
  const levels = { minHeadingLevel: 2, maxHeadingLevel: 3 };
  it('links it (under the base URL) from a page whose note has math, and from no other', () => {
    const withMath = withNoteContent(page as unknown as DocPageModel, render('$x$'), levels, '/base/');
    assert.deepEqual(withMath.head.slice(1), [
      { tag: 'link', attributes: { rel: 'stylesheet', href: `/base/${KATEX_OUTPUT}/katex.min.css` } },
    ]);
    const without = withNoteContent(page as unknown as DocPageModel, render('costs $5 and $10'), levels, '/base/');
    assert.deepEqual(without.head, page.head);
  });
});

describe('page models of rendered notes (wiki dev)', () => {
  it('link the stylesheet once, whether built from the rendered note or given its content after', () => {
    const { notes, parser } = resolveVirtualNotes({ 'a.md': '# A\n\n$x$' });
    const parsed = parseNote(notes[0]!, parser);
    const config = validateConfig({ title: 'T', url: 'https://example.com', baseUrl: '/base/' }, 'test');
    const [page] = buildNotePageModels({ config, sidebars: new Map([['s', []]]), docs: [parsed] });
    const stylesheets = (p: DocPageModel) => p.head.filter((tag) => tag.attributes.rel === 'stylesheet').length;
    assert.equal(stylesheets(page!), 1);
    assert.ok(page!.head.some((tag) => tag.attributes.href === `/base/${KATEX_OUTPUT}/katex.min.css`));
    assert.equal(stylesheets(withNoteContent(page!, parsed, config.tableOfContents, config.baseUrl)), 1);
  });
});
