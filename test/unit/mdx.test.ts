/** The MDX compile step's pure parts: Docusaurus's rewrites before parsing, and what the remark plugin collects. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SourcePath } from '../../src/shared/paths.js';
import type { ResolvedLink } from '../../src/node/markdown/noteEnv.js';
import { compileMdx, preprocessMdx } from '../../src/node/mdx/compileMdx.js';
import { isMdxNote } from '../../src/node/mdx/isMdxNote.js';
import { createRawHtmlStore, type MdxCollected } from '../../src/node/mdx/remarkWiki.js';
import { MDX_THEME_MODULES } from '../../src/node/mdx/themeModules.js';
import { themeModules } from '../../src/theme/MdxComponents/index.js';

describe('preprocessMdx', () => {
  const cases: [string, string, string][] = [
    ['a {#id} heading id is escaped to text', '## Title {#my-id}', '## Title \\{#my-id\\}'],
    ['a Docusaurus 2 admonition title becomes a label', ':::tip Take care', ':::tip[Take care]'],
    ['a bracket title is kept', ':::tip[Take care]', ':::tip[Take care]'],
    ['a Docusaurus 2 title that is a link', ':::tip [Docs](https://x.org)', ':::tip[[Docs](https://x.org)]'],
    ['an HTML comment becomes an MDX comment', 'a <!-- note --> b', 'a {/* note */} b'],
    ['a comment in a fence stays', '```html\n<!-- kept -->\n```', '```html\n<!-- kept -->\n```'],
    ['text elsewhere is kept', 'Braces {#x} in text', 'Braces {#x} in text'],
    ['inside a fence nothing changes', '```md\n## T {#a}\n:::tip T\n```', '```md\n## T {#a}\n:::tip T\n```'],
    ['a longer fence holds a shorter one', '````md\n```\n## T {#a}\n```\n````', '````md\n```\n## T {#a}\n```\n````'],
  ];
  for (const [name, input, expected] of cases) it(name, () => assert.equal(preprocessMdx(input), expected));
});

describe('isMdxNote', () => {
  const cases: [string, string, boolean][] = [
    ['a.mdx', '# Plain', true],
    ['a.md', "import Tabs from '@theme/Tabs';\n\n# T", true],
    ['a.md', '\n<!-- c -->\nexport const x = 1;\n', true],
    ['a.md', '# Title\n\nimport this into that', false],
    ['a.md', 'important things', false],
  ];
  for (const [sourcePath, body, expected] of cases)
    it(`${sourcePath}: ${JSON.stringify(body.slice(0, 20))}`, () =>
      assert.equal(isMdxNote({ sourcePath, body }), expected));
});

describe('compileMdx with the remark plugin', () => {
  async function compiled(source: string) {
    const collected: MdxCollected = { headings: [], links: [], usesMath: false, usesMermaid: false };
    const resolveLink = (href: string): ResolvedLink =>
      href.startsWith('http') ? { href, external: true } : { href: `/resolved/${href}`, external: false };
    const store = createRawHtmlStore();
    const raw: string[] = [];
    const code = await compileMdx(
      { filePath: '/site/docs/a.mdx', source, format: 'mdx' },
      {
        raw: { add: (html) => (raw.push(html), store.add(html)), expand: store.expand },
        sourcePath: 'a.mdx' as SourcePath,
        resolveLink,
        renderCodeBlock: (code, info) => `<pre data-info="${info.replaceAll('"', '&quot;')}">${code}</pre>`,
        renderMath: (tex, display) => `<span class="math" data-display="${display}">${tex}</span>`,
        collected,
      },
    );
    return { code, collected, raw: raw.join('\n') };
  }

  it('heading ids: comment and brace forms removed from the text, slugs otherwise, the title first', async () => {
    const { collected } = await compiled(
      "import X from './x';\n\n{/* c */}\n\n# Title\n\n## One {/* #custom */}\n\n## Two {#older}\n\n## Two\n",
    );
    assert.deepEqual(
      collected.headings.map(({ id, text, level, isFirstBlock }) => ({ id, text, level, isFirstBlock })),
      [
        { id: 'title', text: 'Title', level: 1, isFirstBlock: true },
        { id: 'custom', text: 'One', level: 2, isFirstBlock: false },
        { id: 'older', text: 'Two', level: 2, isFirstBlock: false },
        { id: 'two', text: 'Two', level: 2, isFirstBlock: false },
      ],
    );
  });

  it('links are resolved and recorded with their lines; external ones open a new tab', async () => {
    const { code, collected } = await compiled('Text\n\n[a](./b.md) and [c](https://example.com)\n');
    assert.deepEqual(
      collected.links.map((link) => [link.target, link.line]),
      [
        ['./b.md', 3],
        ['https://example.com', 3],
      ],
    );
    assert.match(code, /\/resolved\/\.\/b\.md/);
    assert.match(code, /noopener noreferrer/);
  });

  it('code, math and Mermaid go through the given renderers; the flags are set', async () => {
    const { code, collected, raw } = await compiled(
      '```js title="a.js" {1}\nx\n```\n\n$a^2$\n\n```mermaid\ngraph TD\n```\n',
    );
    assert.match(raw, /<pre data-info="js title=&quot;a\.js&quot; \{1\}">x<\/pre>/);
    assert.match(raw, /<span class="math" data-display="false">a\^2<\/span>/);
    assert.equal(code.match(/"wiki-raw"/g)?.length, 3, 'each HTML string is a placeholder in the module');
    assert.equal(collected.usesMath, true);
    assert.equal(collected.usesMermaid, true);
  });

  it('admonitions get the Markdown markup; other directives stay text', async () => {
    const { code } = await compiled(':::tip[My *tip*]\nBody\n:::\n\nAt 10:30 and :smile: here.\n');
    assert.match(code, /className: "admonition admonition-tip"/);
    assert.match(code, /className: "admonition-heading",\s+children: \["My ", _jsx\(_components\.em/);
    assert.match(code, /"At 10", ":30"/); // two text nodes, rendered as one
    assert.match(code, /:smile:/);
  });

  it('a syntax error says where', async () => {
    await assert.rejects(compiled('# T\n\nText <div\n'), (error: { line?: number; column?: number }) => {
      assert.equal(typeof error.line, 'number');
      return true;
    });
  });
});

describe('MDX theme modules', () => {
  it('the engine provides exactly the modules the bundler resolves, with their named exports', () => {
    assert.deepEqual(Object.keys(themeModules).sort(), Object.keys(MDX_THEME_MODULES).sort());
    for (const [specifier, named] of Object.entries(MDX_THEME_MODULES)) {
      const expected = specifier === '@theme/MDXComponents' ? 'object' : 'function'; // that one is a map of components
      assert.equal(typeof themeModules[specifier]!.default, expected, specifier);
      for (const name of named) assert.ok(name in themeModules[specifier]!, `${specifier} exports ${name}`);
    }
  });
});

describe('the raw HTML store', () => {
  it('puts each string back where its placeholder was rendered, and leaves other HTML as it is', () => {
    const store = createRawHtmlStore();
    const [a, b] = [store.add('<pre>a</pre>'), store.add('<span>b</span>')];
    assert.equal(
      store.expand(`<p>x <wiki-raw k="${b}"></wiki-raw></p><wiki-raw k="${a}"></wiki-raw>`),
      '<p>x <span>b</span></p><pre>a</pre>',
    );
    assert.equal(store.expand('<p>plain</p>'), '<p>plain</p>');
  });
});
