/**
 * MDX notes built by the real CLI (test/fixtures/mdx-site): imports, partials, JSX, expressions, comments, theme
 * components, Docusaurus's heading ids and admonition titles, code meta, math; and MDX that is wrong, reported with
 * file, line and column while the other notes still render.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { buildFixture, fixturesDir, makeTempDir, runWiki, type CliResult } from '../helpers/cli.js';
import { writeSiteFile } from '../helpers/docsSite.js';

/** The article's HTML of a built page. */
function article(outDir: string, page: string): string {
  const html = fs.readFileSync(path.join(outDir, page), 'utf8');
  const start = html.indexOf('<div class="markdown doc-markdown">');
  return html.slice(start, html.indexOf('</article>', start));
}

/** Visible text (tags removed) outside code blocks. */
function visibleText(html: string): string {
  return html
    .replace(/<pre[^]*?<\/pre>/g, '')
    .replace(/<annotation[^]*?<\/annotation>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('an MDX site', () => {
  let built: CliResult & { outDir: string };
  let intro: string;
  before(async () => {
    built = await buildFixture('mdx-site');
    assert.equal(built.code, 0, built.stdout + built.stderr);
    intro = article(built.outDir, 'intro.html');
  });

  it('builds with no problem reported', () => {
    assert.match(built.stdout, /0 error\(s\), 0 warning\(s\)/);
  });

  it('takes the title from the first heading after imports and comments, and prints it once', () => {
    const html = fs.readFileSync(path.join(built.outDir, 'intro.html'), 'utf8');
    assert.match(html, /<title>Working with MDX \| MDX Site<\/title>/);
    assert.equal(intro.match(/<h1/g)?.length, 1);
  });

  it('leaves no source syntax visible: imports, comments, expressions, directives', () => {
    const text = visibleText(intro);
    for (const source of ['import ', 'export const', '{/*', '*/}', '{2000', ':::', '$', '](', '<Tabs', '<Highlight'])
      assert.ok(!text.includes(source), `"${source}" is visible in: ${text}`);
    assert.match(text, /This page was built in 2026\./);
  });

  it('renders the inline component, partials (.mdx and .md) and Markdown inside JSX', () => {
    assert.match(intro, /<span class="highlight" style="background-color:#25c2a0">Highlighted words<\/span>/);
    assert.match(intro, /A shared paragraph from a <strong>partial<\/strong>\./);
    assert.match(intro, /<li>First step from a Markdown partial\.<\/li>/);
    assert.match(
      intro,
      /<div class="framed"><p><img src="\/assets\/files\/diagram-[0-9a-f]+\.svg" alt="A diagram"\/><\/p><\/div>/,
    );
    assert.match(intro, /<summary>More<\/summary><p>Hidden <em>details<\/em>\.<\/p>/);
  });

  it('gives headings the ids written as {/* #id */} and {#id}, without the comment', () => {
    assert.match(intro, /<h2 id="install-step">Install<a href="#install-step"/);
    assert.match(intro, /<h2 id="older-id">Older heading id<a /);
  });

  it('renders tabs with their labels, the default one shown', () => {
    assert.match(intro, /class="tabs-container" data-group-id="os"/);
    const labels = [...intro.matchAll(/role="tab"[^>]*>([^<]+)<\/button>/g)].map((match) => match[1]);
    assert.deepEqual(labels, ['macOS', 'Linux']);
    assert.match(intro, /data-value="mac" class="tabs__panel"><p>Run the <em>installer<\/em>\.<\/p>/);
    assert.match(intro, /data-value="linux" class="tabs__panel" hidden="">/);
  });

  it('renders code block titles and highlighted lines as Markdown does', () => {
    assert.match(intro, /<div class="code-block"><div class="code-block-title">install\.sh<\/div>/);
    assert.equal(intro.match(/code-line--highlighted/g)?.length, 1);
  });

  it('renders admonition titles as Markdown (Docusaurus 3 and 2 syntax), links resolved', () => {
    assert.match(
      intro,
      /<div class="admonition admonition-tip"><p class="admonition-heading">Read the <a href="\/guide\/setup">setup guide<\/a><\/p>/,
    );
    assert.match(intro, /<p class="admonition-heading">Legacy title<\/p>/);
  });

  it('renders math with KaTeX and links its stylesheet; keeps colons that are no directive', () => {
    assert.match(intro, /<span class="katex">/);
    assert.match(intro, /a time like 10:30\./);
    const html = fs.readFileSync(path.join(built.outDir, 'intro.html'), 'utf8');
    assert.match(html, /rel="stylesheet" href="\/assets\/katex\/katex\.min\.css"/);
    assert.ok(fs.existsSync(path.join(built.outDir, 'assets/katex/katex.min.css')));
    assert.ok(
      !fs.existsSync(path.join(built.outDir, 'assets/mermaid')),
      'Mermaid is copied only for a site with diagrams',
    );
  });

  it('reads a .md note that opens with imports as MDX, and keeps other .md notes CommonMark', () => {
    assert.match(article(built.outDir, 'guide/imports.html'), /<details class="details"><summary>Open me<\/summary>/);
    assert.match(article(built.outDir, 'guide/setup.html'), /a &lt; b and \{braces\} are text\./);
  });

  it('publishes no page for partials', () => {
    assert.ok(!fs.existsSync(path.join(built.outDir, '_shared.html')));
    assert.ok(!fs.existsSync(path.join(built.outDir, 'guide/_steps.html')));
  });
});

describe('MDX notes that import files and partials', () => {
  let outDir: string;
  let result: CliResult;
  let page: string;
  before(async () => {
    const siteDir = makeTempDir('wiki-mdx-files-');
    const write = (file: string, text: string) => writeSiteFile(siteDir, file, text);
    write(
      'wiki.config.ts',
      "export default { title: 'Files', url: 'https://files.example.com', onBrokenLinks: 'warn' };\n",
    );
    write('static/img/logo.png', 'logo bytes');
    write('docs/pic.png', 'picture bytes');
    write('docs/data.json', '{ "name": "Ada", "items": [1, 2, 3] }\n');
    write(
      'docs/icon.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>\n',
    );
    write('docs/_inner.mdx', "## Inner part\n\nimport Deeper from './_deeper.mdx';\n\n<Deeper />\n");
    write('docs/_deeper.mdx', 'Deeper: ![a deep picture](./deep.png), $x^2$ and [a gone note](./gone.md).\n');
    write('docs/deep.png', 'deep picture bytes');
    write('docs/snippet.js', 'export function hello() {\n  return 42;\n}\n');
    write(
      'docs/files.mdx',
      [
        '# Files',
        '',
        "import data from './data.json';",
        "import pic from './pic.png';",
        "import logo from '@site/static/img/logo.png';",
        "import Icon from './icon.svg';",
        "import Inner from './_inner.mdx';",
        "import CodeBlock from '@theme/CodeBlock';",
        "import snippet from '!!raw-loader!./snippet.js';",
        '',
        '<CodeBlock language="js" title="snippet.js">{snippet}</CodeBlock>',
        '',
        'Hello {data.name}, {data.items.length} items.',
        '',
        '<img src={pic} alt="the picture" />',
        '',
        '<img src={logo} alt="the logo" />',
        '',
        '<Icon title="an icon" width={16} />',
        '',
        '<Inner />',
        '',
      ].join('\n'),
    );
    outDir = path.join(makeTempDir('wiki-mdx-files-out-'), 'build');
    result = await runWiki(['build', '--out', outDir], { cwd: siteDir });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    page = fs.readFileSync(path.join(outDir, 'files.html'), 'utf8');
  });

  /** The published file an `<img>` of the page shows, by its alt text; asserts it is in the output. */
  const publishedSrc = (alt: string): string => {
    const src = new RegExp(`<img src="([^"]+)" alt="${alt}"`).exec(page)?.[1];
    assert.ok(src, `no <img alt="${alt}"> in the page`);
    assert.ok(fs.existsSync(path.join(outDir, src)), `${src} is not in the output`);
    return src;
  };

  it('makes an imported picture or SVG its published URL, as Docusaurus does', () => {
    assert.match(publishedSrc('the picture'), /^\/assets\/files\/pic-[0-9a-f]+\.png$/);
    assert.equal(publishedSrc('the logo'), '/img/logo.png');
    assert.match(publishedSrc('an icon'), /^\/assets\/files\/icon-[0-9a-f]+\.svg$/);
    assert.match(page, /Hello Ada, 3 items\./);
  });

  it("imports a file's text with Docusaurus's `!!raw-loader!`, shown in a code block", () => {
    assert.match(page, /<div class="code-block-title">snippet\.js<\/div>/);
    assert.match(page, /<span class="token keyword">function<\/span> <span class="token function">hello<\/span>/);
  });

  it("publishes the pictures of the partials a note renders, and checks their links and math on the note's page", () => {
    assert.match(publishedSrc('a deep picture'), /^\/assets\/files\/deep-[0-9a-f]+\.png$/);
    assert.match(page, /rel="stylesheet" href="\/assets\/katex\/katex\.min\.css"/);
    assert.match(result.stderr, /warning \[broken-link\] docs\/files\.mdx: Broken link to "\.\/gone\.md"/);
  });
});

describe('MDX that is wrong', () => {
  async function buildWith(files: Record<string, string>) {
    const siteDir = makeTempDir('wiki-mdx-bad-');
    fs.cpSync(path.join(fixturesDir, 'mdx-site'), siteDir, { recursive: true });
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(siteDir, 'docs', name), text);
    const outDir = path.join(makeTempDir('wiki-mdx-bad-out-'), 'build');
    return runWiki(['build', '--out', outDir], { cwd: siteDir });
  }

  it('a note that does not compile: file, line and column, and what to do', async () => {
    const result = await buildWith({ 'broken.mdx': '# Broken\n\nSome text\n\nA <div with no end\n' });
    assert.equal(result.code, 1);
    const errors = result.stderr.split('\n').filter((line) => line.startsWith('error '));
    assert.equal(errors.length, 1, result.stderr);
    assert.match(errors[0]!, /\[mdx-syntax\] docs\/broken\.mdx:5:\d+: This MDX does not compile: /);
    assert.match(result.stderr, /write them as `\\<` and `\\{`/);
  });

  it('an import of a theme component the engine lacks names the note, the line and the modules it has', async () => {
    const result = await buildWith({ 'unknown.mdx': "# Unknown\n\nimport Foo from '@theme/Foo';\n\n<Foo />\n" });
    assert.equal(result.code, 1);
    assert.match(
      result.stderr,
      /\[mdx-import\] docs\/unknown\.mdx:3: This note imports @theme\/Foo, which the engine does not provide\./,
    );
    assert.match(result.stderr, /Use one of @theme\/Tabs, /);
  });

  it('an import of a partial that is not there names the note and the line, not the bundle', async () => {
    const result = await buildWith({ 'later.mdx': "# Later\n\nimport Later from './_later.mdx';\n\n<Later />\n" });
    assert.equal(result.code, 1);
    const errors = result.stderr.split('\n').filter((line) => line.startsWith('error '));
    assert.equal(errors.length, 1, result.stderr);
    assert.match(
      errors[0]!,
      /\[mdx-import\] docs\/later\.mdx:3: This note imports \.\/_later\.mdx, which cannot be found/,
    );
  });

  it(
    'an import of a package nobody installed names the note and the line, and the build ends',
    { timeout: 60_000 },
    async () => {
      // The engine's esbuild plugins asked each other to resolve it without end: the build never finished.
      const result = await buildWith({
        'pkg.mdx': "# Package\n\nimport Player from 'not-installed-player';\n\n<Player />\n",
      });
      assert.equal(result.code, 1);
      assert.match(
        result.stderr,
        /\[mdx-import\] docs\/pkg\.mdx:3: This note imports not-installed-player, which cannot be found/,
      );
    },
  );

  it('a component that throws while rendering names the note', async () => {
    const result = await buildWith({
      'throws.mdx': "# Throws\n\nexport const Bad = () => { throw new Error('no data'); };\n\n<Bad />\n",
    });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /\[mdx-render\] docs\/throws\.mdx: This MDX note failed to render: no data/);
  });
});
