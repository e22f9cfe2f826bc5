/**
 * The `@theme/...` and `@docusaurus/...` components MDX notes import, rendered to static HTML as the build renders
 * them: the markup the browser islands and the stylesheet rely on, and the errors Docusaurus gives for bad tabs.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Admonition } from '../../src/theme/MdxComponents/Admonition.js';
import { CodeBlock, codeBlockInfo, type CodeBlockProps } from '../../src/theme/MdxComponents/CodeBlock.js';
import { MdxPageContext, type MdxPage } from '../../src/theme/MdxComponents/context.js';
import { Details } from '../../src/theme/MdxComponents/Details.js';
import { DocCardList } from '../../src/theme/MdxComponents/DocCardList.js';
import {
  addBaseUrl,
  BrowserOnly,
  Link,
  translate,
  Translate,
  useBaseUrl,
  useDocusaurusContext,
} from '../../src/theme/MdxComponents/docusaurus.js';
import { Heading } from '../../src/theme/MdxComponents/Heading.js';
import { MDXComponents } from '../../src/theme/MdxComponents/MDXComponents.js';
import { TabItem, Tabs } from '../../src/theme/MdxComponents/Tabs.js';
import { themeModules } from '../../src/theme/MdxComponents/index.js';
import { TOCInline } from '../../src/theme/MdxComponents/TOCInline.js';
import type { DocCardItem } from '../../src/shared/types.js';

const page: MdxPage = {
  toc: [
    { id: 'install', html: 'Install', level: 2 },
    { id: 'npm', html: 'With <code>npm</code>', level: 3 },
    { id: 'deep', html: 'Deep', level: 4 },
    { id: 'usage', html: 'Usage', level: 2 },
  ],
  cards: [],
  baseUrl: '/wiki/',
  siteConfig: { title: 'Site', tagline: 'Tag', url: 'https://example.com', baseUrl: '/wiki/', customFields: {} },
  // Records what it was asked, so the tests see the code and info line CodeBlock built.
  renderCodeBlock: (code, info) => `<pre data-info="${info.replace(/"/g, '&quot;')}">${code}</pre>`,
};

function render(node: ReactNode, overrides: Partial<MdxPage> = {}): string {
  return renderToStaticMarkup(
    <MdxPageContext.Provider value={{ ...page, ...overrides }}>{node}</MdxPageContext.Provider>,
  );
}

/** The start tags of the markup and their attributes (React writes them regularly: every value double-quoted). */
function parse(html: string) {
  const tags = [...html.matchAll(/<(\w+)((?:\s+[\w-]+(?:="[^"]*")?)*)\s*\/?>/g)].map(([, name, attrs]) => ({
    name: name!,
    attrs: Object.fromEntries([...attrs!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, k, v]) => [k!, v ?? ''])),
  }));
  return {
    tabs: tags.filter((tag) => tag.attrs.role === 'tab'),
    panels: tags.filter((tag) => tag.attrs.role === 'tabpanel'),
    container: tags.find((tag) => tag.attrs.class === 'tabs-container'),
    list: tags.find((tag) => tag.attrs.role === 'tablist'),
  };
}

const items = (
  <>
    <TabItem value="npm" label="npm">
      npm install
    </TabItem>
    <TabItem value="yarn" label="Yarn" default>
      yarn add
    </TabItem>
    <TabItem value="pnpm">pnpm add</TabItem>
  </>
);

describe('Tabs', () => {
  it('renders a tab list of buttons and one panel per TabItem, each tab controlling its panel', () => {
    const { tabs, panels, list, container } = parse(render(<Tabs>{items}</Tabs>));
    assert.deepEqual(container?.attrs, { class: 'tabs-container' });
    assert.deepEqual(list?.attrs, { role: 'tablist', 'aria-orientation': 'horizontal', class: 'tabs' });
    assert.deepEqual(
      tabs.map((tab) => [tab.name, tab.attrs.type, tab.attrs['data-value']]),
      [
        ['button', 'button', 'npm'],
        ['button', 'button', 'yarn'],
        ['button', 'button', 'pnpm'],
      ],
    );
    assert.equal(panels.length, 3);
    tabs.forEach((tab, index) => {
      const panel = panels[index]!;
      assert.equal(tab.attrs['aria-controls'], panel.attrs.id);
      assert.equal(panel.attrs['aria-labelledby'], tab.attrs.id);
      assert.equal(panel.attrs['data-value'], tab.attrs['data-value']);
      assert.ok(panel.attrs.class?.split(' ').includes('tabs__panel'));
    });
    assert.equal(new Set([...tabs, ...panels].map((tag) => tag.attrs.id)).size, 6, 'ids are unique');
  });

  it('labels tabs with `label`, else the value, else the `values` prop', () => {
    const labels = (html: string) => [...html.matchAll(/role="tab"[^>]*>([^<]*)</g)].map((m) => m[1]);
    assert.deepEqual(labels(render(<Tabs>{items}</Tabs>)), ['npm', 'Yarn', 'pnpm']);
    const values = [
      { label: 'Apple', value: 'a' },
      { label: 'Banana', value: 'b' },
    ];
    const html = render(
      <Tabs values={values}>
        <TabItem value="a">A</TabItem>
        <TabItem value="b">B</TabItem>
      </Tabs>,
    );
    assert.deepEqual(labels(html), ['Apple', 'Banana']);
  });

  const selectionCases: Array<{ name: string; node: ReactNode; shown: string | undefined }> = [
    { name: 'the TabItem marked default', node: <Tabs>{items}</Tabs>, shown: 'yarn' },
    { name: 'defaultValue over default', node: <Tabs defaultValue="pnpm">{items}</Tabs>, shown: 'pnpm' },
    {
      name: 'the first without either',
      node: (
        <Tabs>
          <TabItem value="x">X</TabItem>
          <TabItem value="y">Y</TabItem>
        </Tabs>
      ),
      shown: 'x',
    },
    { name: 'none for defaultValue={null}', node: <Tabs defaultValue={null}>{items}</Tabs>, shown: undefined },
  ];
  for (const { name, node, shown } of selectionCases) {
    it(`selects ${name}, hides the other panels and makes only the selected tab focusable`, () => {
      const { tabs, panels } = parse(render(node));
      assert.deepEqual(
        panels.filter((panel) => !('hidden' in panel.attrs)).map((panel) => panel.attrs['data-value']),
        shown === undefined ? [] : [shown],
      );
      assert.deepEqual(
        tabs.filter((tab) => tab.attrs['aria-selected'] === 'true').map((tab) => tab.attrs['data-value']),
        shown === undefined ? [] : [shown],
      );
      const focusable = tabs.filter((tab) => tab.attrs.tabindex === '0').map((tab) => tab.attrs['data-value']);
      assert.deepEqual(focusable, [shown ?? tabs[0]!.attrs['data-value']]);
    });
  }

  const dataCases: Array<{
    props: { groupId?: string; queryString?: string | boolean };
    group?: string;
    query?: string;
  }> = [
    { props: {} },
    { props: { groupId: 'os' }, group: 'os' },
    { props: { groupId: 'os', queryString: true }, group: 'os', query: 'os' },
    { props: { groupId: 'os', queryString: 'platform' }, group: 'os', query: 'platform' },
    { props: { queryString: 'platform' }, query: 'platform' },
  ];
  for (const { props, group, query } of dataCases) {
    it(`marks ${JSON.stringify(props)} with data-group-id=${group} and data-query-string=${query}`, () => {
      const { container } = parse(render(<Tabs {...props}>{items}</Tabs>));
      assert.equal(container?.attrs['data-group-id'], group);
      assert.equal(container?.attrs['data-query-string'], query);
    });
  }

  const errorCases: Array<{ name: string; node: ReactNode; message: RegExp }> = [
    {
      name: 'duplicate values',
      node: (
        <Tabs>
          <TabItem value="a">1</TabItem>
          <TabItem value="a">2</TabItem>
        </Tabs>
      ),
      message: /Duplicate values "a" found in <Tabs>/,
    },
    {
      name: 'a defaultValue no tab has',
      node: <Tabs defaultValue="mac">{items}</Tabs>,
      message: /defaultValue "mac" but no tab has that value \(the values are "npm", "yarn", "pnpm"\)/,
    },
    {
      name: 'a child that is no TabItem',
      node: (
        <Tabs>
          <div>loose</div>
        </Tabs>
      ),
      message: /Bad <Tabs> child <div>/,
    },
    { name: 'queryString without a name', node: <Tabs queryString>{items}</Tabs>, message: /needs a parameter name/ },
  ];
  for (const { name, node, message } of errorCases) {
    it(`rejects ${name} with a message saying how to fix it`, () => {
      assert.throws(() => render(node), message);
    });
  }

  it('keeps nested tabs apart: their own ids, their own panels', () => {
    const html = render(
      <Tabs>
        <TabItem value="outer">
          <Tabs>
            <TabItem value="inner">in</TabItem>
          </Tabs>
        </TabItem>
      </Tabs>,
    );
    const { tabs, panels } = parse(html);
    assert.equal(tabs.length, 2);
    assert.equal(panels.length, 2);
    assert.notEqual(tabs[0]!.attrs.id, tabs[1]!.attrs.id);
  });
});

describe('Admonition, Details, Heading', () => {
  const cases: Array<{ name: string; node: ReactNode; html: string }> = [
    {
      name: 'an admonition with a title',
      node: (
        <Admonition type="tip" title="Mind this">
          <p>Body</p>
        </Admonition>
      ),
      html: '<div class="admonition admonition-tip"><p class="admonition-heading">Mind this</p><div class="admonition-content"><p>Body</p></div></div>',
    },
    {
      name: 'an admonition titled by its type',
      node: <Admonition type="DANGER">x</Admonition>,
      html: '<div class="admonition admonition-danger"><p class="admonition-heading">danger</p><div class="admonition-content">x</div></div>',
    },
    {
      name: 'an admonition of an unknown type, shown as info (as Docusaurus does)',
      node: <Admonition type="shout">x</Admonition>,
      html: '<div class="admonition admonition-info"><p class="admonition-heading">info</p><div class="admonition-content">x</div></div>',
    },
    {
      name: 'details with a summary prop',
      node: <Details summary="More">text</Details>,
      html: '<details class="details"><summary>More</summary><div>text</div></details>',
    },
    {
      name: 'details with a <summary> child (MDX <details>)',
      node: (
        <Details>
          <summary>
            Show <b>it</b>
          </summary>
          <p>inside</p>
        </Details>
      ),
      html: '<details class="details"><summary>Show <b>it</b></summary><div><p>inside</p></div></details>',
    },
    {
      name: 'a heading with an id, with the hash link of Markdown headings',
      node: (
        <Heading as="h2" id="set-up">
          Set <em>up</em>
        </Heading>
      ),
      html: '<h2 id="set-up">Set <em>up</em><a href="#set-up" class="hash-link" aria-label="Direct link to Set up" title="Direct link to Set up">\u200B</a></h2>',
    },
    {
      name: 'a heading without id, without a link',
      node: <Heading as="h3">Plain</Heading>,
      html: '<h3>Plain</h3>',
    },
    {
      name: 'MDXComponents.h3, a Heading',
      node: <MDXComponents.h3 id="x">X</MDXComponents.h3>,
      html: '<h3 id="x">X<a href="#x" class="hash-link" aria-label="Direct link to X" title="Direct link to X">\u200B</a></h3>',
    },
  ];
  for (const { name, node, html } of cases) {
    it(`renders ${name}`, () => assert.equal(render(node), html));
  }

  it('renders the same admonition markup as a Markdown :::tip block', async () => {
    const { renderMarkdownForTest } = await markdownRenderer();
    const markdown = renderMarkdownForTest(':::tip Mind this\n\nBody\n\n:::\n').replace(/\n/g, '');
    const component = render(
      <Admonition type="tip" title="Mind this">
        <p>Body</p>
      </Admonition>,
    );
    assert.equal(component, markdown);
  });
});

/** The engine's Markdown renderer, so the comparison follows it when either side changes. */
async function markdownRenderer() {
  const markdownIt = (await import('markdown-it')).default;
  const { admonitionsPlugin } = await import('../../src/node/markdown/admonitions.js');
  const md = markdownIt({ html: true }).use(admonitionsPlugin);
  return { renderMarkdownForTest: (source: string) => md.render(source) };
}

describe('CodeBlock', () => {
  const infoCases: Array<{ props: CodeBlockProps; info: string }> = [
    { props: { language: 'js' }, info: 'js' },
    { props: { language: 'js', title: 'app.js' }, info: 'js title="app.js"' },
    { props: { language: 'js', title: 'say "hi"' }, info: `js title='say "hi"'` },
    { props: { language: 'sh', showLineNumbers: true }, info: 'sh showLineNumbers' },
    { props: { language: 'sh', showLineNumbers: 5 }, info: 'sh showLineNumbers=5' },
    { props: { className: 'language-ts', metastring: '{1,3} title="a.ts"' }, info: 'ts {1,3} title="a.ts"' },
    { props: { className: 'language-ts', metastring: 'title="a.ts"', title: 'b.ts' }, info: 'ts title="a.ts"' },
    { props: { title: 'notes' }, info: 'title="notes"' },
  ];
  for (const { props, info } of infoCases) {
    it(`builds the info line ${info} from ${JSON.stringify(props)}`, () => assert.equal(codeBlockInfo(props), info));
  }

  it('hands the code without its closing newline and the info line to the Markdown renderer', () => {
    const html = render(
      <CodeBlock language="js" title="x.js">
        {'let a = 1;\nlet b = 2;\n'}
      </CodeBlock>,
    );
    assert.equal(
      html,
      '<div class="mdx-html"><pre data-info="js title=&quot;x.js&quot;">let a = 1;\nlet b = 2;</pre></div>',
    );
  });

  it('renders a fenced block (MDX <pre><code class="language-x">) through CodeBlock, other <pre> as they are', () => {
    const Pre = MDXComponents.pre;
    const fenced = render(
      <Pre>
        <code className="language-py">{'print(1)\n'}</code>
      </Pre>,
    );
    assert.equal(fenced, '<div class="mdx-html"><pre data-info="py">print(1)</pre></div>');
    assert.equal(render(<Pre>raw</Pre>), '<pre>raw</pre>');
  });
});

describe('TOCInline', () => {
  const links = (html: string) => [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
  const cases: Array<{ name: string; node: ReactNode; ids: string[]; nested: string }> = [
    { name: 'levels 2-3 by default', node: <TOCInline />, ids: ['install', 'npm', 'usage'], nested: 'install>npm' },
    {
      name: 'up to maxHeadingLevel 4',
      node: <TOCInline maxHeadingLevel={4} />,
      ids: ['install', 'npm', 'deep', 'usage'],
      nested: 'npm>deep',
    },
    { name: 'from minHeadingLevel 3', node: <TOCInline minHeadingLevel={3} />, ids: ['npm'], nested: '' },
    {
      name: 'the toc prop in Docusaurus form',
      node: (
        <TOCInline
          toc={[
            { value: 'A', id: 'a', level: 2 },
            { value: 'B', id: 'b', level: 3 },
          ]}
        />
      ),
      ids: ['a', 'b'],
      nested: 'a>b',
    },
  ];
  for (const { name, node, ids, nested } of cases) {
    it(`lists ${name}`, () => {
      const html = render(node);
      assert.deepEqual(links(html), ids);
      if (nested) {
        const [parent, child] = nested.split('>');
        const pattern = new RegExp(`href="#${parent}"[^]*?</a><ul><li><a href="#${child}"`);
        assert.match(html, pattern, `${child} is in a list under ${parent}`);
      } else {
        assert.doesNotMatch(html, /<ul><li>[^]*<ul>/, 'flat');
      }
    });
  }

  it('keeps the headings’ inline HTML and renders nothing when no heading is in range', () => {
    assert.match(render(<TOCInline />), /<a href="#npm">With <code>npm<\/code><\/a>/);
    assert.equal(render(<TOCInline minHeadingLevel={5} />), '');
  });
});

describe('@docusaurus modules', () => {
  const baseCases: Array<[url: string, options: { absolute?: boolean; forcePrependBaseUrl?: boolean }, out: string]> = [
    ['/img/a.png', {}, '/wiki/img/a.png'],
    ['img/a.png', {}, 'img/a.png'],
    ['#top', {}, '#top'],
    ['https://x.org/a', {}, 'https://x.org/a'],
    ['/wiki', {}, '/wiki/'],
    ['/img/a.png', { absolute: true }, 'https://example.com/wiki/img/a.png'],
    ['img/a.png', { forcePrependBaseUrl: true }, '/wiki/img/a.png'],
  ];
  for (const [url, options, out] of baseCases) {
    it(`useBaseUrl(${url}, ${JSON.stringify(options)}) is ${out}`, () => {
      assert.equal(addBaseUrl('/wiki/', url, options, 'https://example.com'), out);
      function Probe() {
        return <>{useBaseUrl(url, options)}</>;
      }
      assert.equal(render(<Probe />), out.replace(/&/g, '&amp;'));
    });
  }

  it('Link adds the base URL to site paths and opens other sites in a new tab', () => {
    assert.equal(render(<Link to="/guide">Guide</Link>), '<a href="/wiki/guide">Guide</a>');
    assert.equal(
      render(<Link href="https://x.org">X</Link>),
      '<a href="https://x.org" target="_blank" rel="noopener noreferrer">X</a>',
    );
  });

  it('useDocusaurusContext gives the site config', () => {
    function Title() {
      const { siteConfig } = useDocusaurusContext();
      return <>{`${siteConfig.title} - ${siteConfig.tagline}`}</>;
    }
    assert.equal(render(<Title />), 'Site - Tag');
  });

  it('BrowserOnly renders its fallback only; Translate fills placeholders', () => {
    assert.equal(render(<BrowserOnly fallback={<p>Loading</p>}>{() => <p>Browser</p>}</BrowserOnly>), '<p>Loading</p>');
    assert.equal(render(<BrowserOnly>{() => <p>Browser</p>}</BrowserOnly>), '');
    assert.equal(
      render(<Translate values={{ n: <b>3</b> }}>{'You have {n} items'}</Translate>),
      'You have <b>3</b> items',
    );
    assert.equal(translate({ message: 'Hi {who}' }, { who: 'you' }), 'Hi you');
  });

  it('says which component needs the page context when rendered without it', () => {
    assert.throws(() => renderToStaticMarkup(<TOCInline />), /<TOCInline> rendered without MdxPageContext/);
  });
});

describe('DocCardList', () => {
  const cards: DocCardItem[] = [
    { title: 'Guide', href: '/guide/', kind: 'category', count: 3 },
    { title: 'Intro', href: '/intro', kind: 'doc', description: 'Start here' },
  ];
  const hrefs = (html: string) => [...html.matchAll(/<a[^>]*href="([^"]+)"/g)].map((m) => m[1]);

  it('lists the cards of the page context under the base URL', () => {
    const html = render(<DocCardList />, { cards });
    assert.deepEqual(hrefs(html), ['/wiki/guide/', '/wiki/intro']);
    assert.match(html, /3 items/);
    assert.match(html, /Start here/);
  });

  it('lists the items given, in Docusaurus sidebar form, instead', () => {
    const items = [
      { type: 'link', label: 'One', href: '/one' },
      { type: 'category', label: 'Two', href: '/two/', items: [{}, {}] },
    ];
    const html = render(<DocCardList items={items} />, { cards });
    assert.deepEqual(hrefs(html), ['/wiki/one', '/wiki/two/']);
    assert.match(html, /2 items/);
  });

  it('exports every module docs import, keyed by import path', () => {
    for (const key of ['@theme/Tabs', '@theme/TabItem', '@docusaurus/Link', '@docusaurus/useBaseUrl'])
      assert.equal(typeof themeModules[key]?.default, 'function', key);
    assert.equal(typeof themeModules['@theme/MDXComponents']?.default, 'object');
  });
});
