/**
 * `markdown.rawHtml` (issue 21, item 4): the sanitiser of notes' HTML, table-driven on hostile markup, and how
 * renderNote applies it (the note's HTML and its headings', never the escaped text of code).
 */
import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';
import { siteConfigSchema } from '../../src/node/config/schema.js';
import { loadHtmlSanitizer } from '../../src/node/markdown/rawHtml.js';
import { createMarkdownRenderer, renderNote } from '../../src/node/markdown/renderNote.js';
import { sanitizeNoteHtml } from '../../src/node/markdown/sanitizeHtml.js';
import type { SourcePath } from '../../src/shared/paths.js';
import { findExecutable } from '../helpers/hostileMarkup.js';

const cases: Array<[string, string, string]> = [
  [
    'script elements go with their code',
    '<p>a</p><script>alert(1)</script><SCRIPT src="https://x/y.js"></SCRIPT>',
    '<p>a</p>',
  ],
  ['an unclosed script takes the rest with it', '<p>a</p><script>alert(1)<p>b</p>', '<p>a</p>'],
  ['event handlers, in any case', '<p onclick="alert(1)" ONMOUSEOVER="alert(2)" title="t">x</p>', '<p title="t">x</p>'],
  ['onerror on an image', '<img src="a.png" alt="a" onerror="alert(1)">', '<img src="a.png" alt="a" />'],
  [
    'javascript: links, however written',
    '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href=" javascript:alert(1)">c</a><a href="jav&#x09;ascript:alert(1)">d</a><a href="java\nscript:alert(1)">e</a><a href="javascript&colon;alert(1)">f</a>',
    '<a>a</a><a>b</a><a>c</a><a>d</a><a>e</a><a>f</a>',
  ],
  [
    'vbscript: and data: links',
    '<a href="vbscript:msgbox(1)">v</a><a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">d</a>',
    '<a>v</a><a>d</a>',
  ],
  [
    'data: is kept for images only',
    '<img src="data:image/png;base64,AAAA" alt="i"><video poster="data:image/png;base64,AAAA" src="data:video/mp4,x" controls></video>',
    '<img src="data:image/png;base64,AAAA" alt="i" /><video controls></video>',
  ],
  [
    'a javascript: URL in srcset',
    '<img srcset="javascript:alert(1) 1x, /b.png 2x" alt="s">',
    '<img srcset="/b.png 2x" alt="s" />',
  ],
  [
    'frames, plugins, style sheets, forms, base, meta, link',
    '<iframe src="https://x"></iframe><object data="x.swf"></object><embed src="x.swf"><style>p{}</style><form action="javascript:alert(1)"><button formaction="javascript:alert(1)">b</button></form><base href="/x/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><link rel="stylesheet" href="x.css">',
    'b',
  ],
  [
    'SVG and MathML keep only their text (and HTML elements)',
    '<svg onload="alert(1)"><script>alert(1)</script><a xlink:href="javascript:alert(1)"><text>s</text></a></svg><math><mi xlink:href="javascript:alert(1)">m</mi></math>',
    '<a>s</a>m',
  ],
  [
    'styles keep plain values, lose url() and expression()',
    '<p style="color: red; background: url(javascript:alert(1)); width: expression(alert(1)); text-align: center">s</p>',
    '<p style="color:red;text-align:center">s</p>',
  ],
  [
    'a checkbox (task lists) stays; any other input goes',
    '<input type="checkbox" disabled checked><input type="text" onfocus="alert(1)" autofocus><input type="image" src="javascript:alert(1)">',
    '<input type="checkbox" disabled checked />',
  ],
  ['comments go, with what they hide', '<p>a<!-- <img src=x onerror=alert(1)> --></p>', '<p>a</p>'],
  // What browsers parse as text inside these, or not at all, is dropped or escaped: it cannot come out as markup.
  ['noscript is no way out', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>', ''],
  [
    'noembed is no way out',
    '<noembed><img title="</noembed><img src=x onerror=alert(1)>"></noembed>',
    '<img src="x" />"&gt;',
  ],
  [
    'template, xmp, title, textarea are no way out',
    '<template><img src=x onerror=alert(1)></template><xmp><img src=x onerror=alert(1)></xmp><title><img src=x onerror=alert(2)></title><textarea></textarea><img src=x onerror=alert(3)></textarea>',
    '<img src="x" />',
  ],
  [
    "no element takes one of the engine's ids (the boot data is read by id)",
    '<div id="__wiki-boot">{"site":{}}</div><a name="__main" id="anchor">x</a><p id="__wiki" title="t">p</p>',
    '<div>{"site":{}}</div><a id="anchor">x</a><p title="t">p</p>',
  ],
  [
    'escaped code stays escaped text',
    '<pre class="language-html" tabindex="0"><code class="language-html"><span class="token tag">&lt;img src=x onerror=alert(1)&gt;</span> &amp;lt;</code></pre>',
    '<pre class="language-html" tabindex="0"><code class="language-html"><span class="token tag">&lt;img src=x onerror=alert(1)&gt;</span> &amp;lt;</code></pre>',
  ],
  [
    'attribute values stay escaped',
    '<p title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">q</p>',
    '<p title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">q</p>',
  ],
  [
    "the engine's own markup is kept",
    '<h2 id="a">A<a href="#a" class="hash-link" aria-label="Direct link to A" title="Direct link to A">\u200B</a></h2><a href="https://x.example/" target="_blank" rel="noopener noreferrer">x</a><th style="text-align:right">r</th><div class="admonition admonition-note"><p class="admonition-heading">N</p></div>',
    '<h2 id="a">A<a href="#a" class="hash-link" aria-label="Direct link to A" title="Direct link to A">\u200B</a></h2><a href="https://x.example/" target="_blank" rel="noopener noreferrer">x</a><th style="text-align:right">r</th><div class="admonition admonition-note"><p class="admonition-heading">N</p></div>',
  ],
  [
    'what notes commonly hold is kept',
    '<details open><summary>S</summary><kbd>Ctrl</kbd>+<sup>2</sup><del>x</del><ins>y</ins><mark>m</mark><br><img src="/a.png" alt="a" width="100"></details><p align="center"><a href="mailto:a@example.com">m</a></p>',
    '<details open><summary>S</summary><kbd>Ctrl</kbd>+<sup>2</sup><del>x</del><ins>y</ins><mark>m</mark><br /><img src="/a.png" alt="a" width="100" /></details><p align="center"><a href="mailto:a@example.com">m</a></p>',
  ],
];

describe('sanitizeNoteHtml', () => {
  for (const [name, input, expected] of cases) test(name, () => assert.equal(sanitizeNoteHtml(input), expected));
});

const md = createMarkdownRenderer();
const resolveLink = (href: string) => ({ href, external: /^https?:/.test(href) });
const render = (body: string, sanitizeHtml?: (html: string) => string) =>
  renderNote(md, { sourcePath: 'hostile.md' as SourcePath, body, lineOffset: 0, resolveLink, sanitizeHtml });

const hostileNote = [
  '# Hostile',
  '',
  '<div onclick="alert(1)">Raw <a href="javascript:alert(2)">link</a></div>',
  '',
  '## Heading <img src=x onerror=alert(3)>',
  '',
  '```html',
  '<img src=x onerror=alert(4)>',
  '```',
  '',
  'Inline `<script>alert(5)</script>` and [a markdown link](javascript:alert(6)).',
].join('\n');

describe('renderNote with a sanitiser', () => {
  it('removes what runs from the HTML and from the headings the TOC shows', () => {
    const rendered = render(hostileNote, sanitizeNoteHtml);
    assert.doesNotMatch(rendered.html, /onclick=|<img[^>]*onerror|href="javascript:|<script/);
    assert.match(rendered.html, /<div>Raw <a>link<\/a><\/div>/);
    assert.equal(rendered.headings[1]!.html, 'Heading <img src="x" />');
    assert.equal(rendered.headings[1]!.id, render(hostileNote).headings[1]!.id, 'ids do not change');
  });

  it('leaves code (escaped text) exactly as without it', () => {
    const code = (html: string) => [...html.matchAll(/<pre[^]*?<\/pre>|<code>[^]*?<\/code>/g)].map((match) => match[0]);
    const sanitized = code(render(hostileNote, sanitizeNoteHtml).html);
    assert.deepEqual(
      sanitized.map((block) => block.replace(/&gt;/g, '>')),
      code(render(hostileNote).html).map((block) => block.replace(/&gt;/g, '>')),
    );
    assert.ok(sanitized[1] === '<code>&lt;script&gt;alert(5)&lt;/script&gt;</code>', sanitized[1]);
  });

  it('leaves a note without raw HTML as it is: markdown-it escaped it and refused its script URLs', () => {
    const hostileMarkdown = [
      '# Title {#x"onclick="alert(1)}',
      '',
      '[a](javascript:alert(1)) [b](JAVASCRIPT:alert(1)) [c](<javascript:alert(1)>) [d](javascript&colon;alert(1)) [e](vbscript:x)',
      '[f](data:text/html,x) [g](file:///etc/passwd) ![h](javascript:alert(1)) ![i](data:text/html,x) <javascript:alert(1)> [j]( javascript:alert(1))',
      '',
      '[k]: javascript:alert(1)',
      '',
      '[k] &lt;script&gt;alert(1)&lt;/script&gt; \\<img src=x onerror=alert(1)>',
      '',
      ':::note \\<img src=x onerror=alert(1)>', // the title is inline Markdown: escaped, as in the text above
      'Boxed.',
      ':::',
      '',
      '```js" onclick="alert(1)',
      '<script>alert(1)</script>',
      '```',
      '',
      '- [x] a task',
    ].join('\n');
    const plain = render(hostileMarkdown).html;
    assert.equal(render(hostileMarkdown, sanitizeNoteHtml).html, plain, 'not sanitised: nothing to do');
    assert.deepEqual(findExecutable(plain), []);
  });

  it('without one (the default), raw HTML is published as written', () => {
    const rendered = render(hostileNote);
    assert.match(rendered.html, /<div onclick="alert\(1\)">Raw <a href="javascript:alert\(2\)">link<\/a><\/div>/);
    assert.equal(rendered.headings[1]!.html, 'Heading <img src=x onerror=alert(3)>');
    assert.doesNotMatch(
      rendered.html,
      /href="javascript:alert\(6\)"/,
      "a Markdown link's javascript: is markdown-it's to refuse, under either policy",
    );
  });
});

describe('the markdown.rawHtml setting', () => {
  const base = { title: 'T', url: 'https://example.com' };

  it("defaults to 'allow', which loads no sanitiser", async () => {
    assert.deepEqual(siteConfigSchema.parse(base).markdown, {
      rawHtml: 'allow',
      format: 'detect',
      obsidian: 'auto',
      wikilinks: 'shortest',
    });
    assert.equal(await loadHtmlSanitizer('allow'), undefined);
  });

  it("'sanitize' loads sanitizeNoteHtml; other values are refused with the allowed ones", async () => {
    assert.equal(siteConfigSchema.parse({ ...base, markdown: { rawHtml: 'sanitize' } }).markdown.rawHtml, 'sanitize');
    assert.equal(await loadHtmlSanitizer('sanitize'), sanitizeNoteHtml);
    const refused = siteConfigSchema.safeParse({ ...base, markdown: { rawHtml: 'strip' } });
    assert.ok(!refused.success);
    assert.match(refused.error.issues[0]!.message, /"allow"\|"sanitize"/);
    assert.deepEqual(refused.error.issues[0]!.path, ['markdown', 'rawHtml']);
  });
});
