import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import MarkdownIt from 'markdown-it';
import originalText from 'markdown-it/lib/rules_inline/text.mjs';
import { createMarkdownRenderer, renderNote, type NoteContent } from '../../src/node/markdown/renderNote.js';
import type { LinkResolver } from '../../src/node/markdown/noteEnv.js';
import { asSourcePath } from '../../src/shared/paths.js';

// Markdown -> HTML on its own: a stub link resolver that keeps every href and calls http(s) external.
const md = createMarkdownRenderer();
const keepLinks: LinkResolver = (href) => ({ href, external: /^https?:\/\//.test(href) });

function render(body: string): NoteContent {
  return renderNote(md, { sourcePath: asSourcePath('notes/note.md'), body, lineOffset: 0, resolveLink: keepLinks });
}

// Ids as github-slugger (the reference site's slugger) makes them; `{#id}` wins.
const headingIdCases: readonly { markdown: string; ids: readonly string[] }[] = [
  { markdown: '## Hello, World!', ids: ['hello-world'] },
  { markdown: '## What’s new?', ids: ['whats-new'] },
  { markdown: '## Emoji 🎉 party', ids: ['emoji--party'] },
  { markdown: '## `code` thing', ids: ['code-thing'] },
  { markdown: '## Using `<div>` tags', ids: ['using-div-tags'] },
  { markdown: '## C++ & Rust', ids: ['c--rust'] },
  { markdown: '## **Bold** and _em_', ids: ['bold-and-em'] },
  { markdown: '## Ünïcödé Straße', ids: ['ünïcödé-straße'] },
  { markdown: '## 2. Numbered step', ids: ['2-numbered-step'] },
  { markdown: '## Closed heading ##', ids: ['closed-heading'] },
  { markdown: '## A [link](https://example.com) inside', ids: ['a-link-inside'] },
  { markdown: '## Foo\n\n## Foo\n\n### Foo', ids: ['foo', 'foo-1', 'foo-2'] },
  { markdown: '## Foo\n\n## Foo 1\n\n## Foo', ids: ['foo', 'foo-1', 'foo-2'] },
  { markdown: '## Title {#custom}', ids: ['custom'] },
  { markdown: '## Install it {#install-steps}\n\n## Install it', ids: ['install-steps', 'install-it'] },
  { markdown: 'Setext title\n------------', ids: ['setext-title'] },
];

describe('heading ids', () => {
  for (const c of headingIdCases) {
    it(`${JSON.stringify(c.markdown)} -> ${c.ids.join(', ')}`, () => {
      const { html, headings } = render(c.markdown);
      assert.deepEqual(
        headings.map((h) => h.id),
        c.ids,
      );
      const inHtml = [...html.matchAll(/<h\d id="([^"]+)"/g)].map((m) => m[1]);
      assert.deepEqual(inHtml, c.ids);
    });
  }

  it('drops the {#id} marker from the heading text', () => {
    const { html, headings } = render('## Title {#custom}');
    assert.equal(headings[0]!.text, 'Title');
    assert.doesNotMatch(html, /\{#custom\}/);
  });

  it('records every level with its text, line and TOC html (links stripped)', () => {
    const { headings } = render('# Top\n\ntext\n\n## Second [link](https://x.com)\n\n### Third `code`\n\n#### Fourth');
    assert.deepEqual(
      headings.map(({ id, level, text, html, line, isFirstBlock }) => ({ id, level, text, html, line, isFirstBlock })),
      [
        { id: 'top', level: 1, text: 'Top', html: 'Top', line: 1, isFirstBlock: true },
        { id: 'second-link', level: 2, text: 'Second link', html: 'Second link', line: 5, isFirstBlock: false },
        {
          id: 'third-code',
          level: 3,
          text: 'Third code',
          html: 'Third <code>code</code>',
          line: 7,
          isFirstBlock: false,
        },
        { id: 'fourth', level: 4, text: 'Fourth', html: 'Fourth', line: 9, isFirstBlock: false },
      ],
    );
  });

  it('ends each heading with a hash-link anchor to itself', () => {
    const { html } = render('## Hello, World!');
    assert.match(
      html,
      /<h2 id="hello-world">Hello, World!<a href="#hello-world" class="hash-link" aria-label="Direct link to Hello, World!" title="Direct link to Hello, World!">\u200B<\/a><\/h2>/,
    );
  });
});

// Block and inline syntax: each row's HTML must contain every `contains` and none of `excludes`.
const syntaxCases: readonly {
  name: string;
  markdown: string;
  contains: readonly (string | RegExp)[];
  excludes?: readonly (string | RegExp)[];
}[] = [
  {
    name: 'GFM table',
    markdown: '| a | b |\n|---|:-:|\n| 1 | 2 |',
    contains: ['<table>', '<th>a</th>', /<td[^>]*>2<\/td>/],
  },
  { name: 'strikethrough', markdown: 'it is ~~gone~~ now', contains: ['<s>gone</s>'] },
  {
    name: 'task list: checked and unchecked',
    markdown: '- [x] done\n- [ ] todo',
    contains: [
      '<li class="task-list-item"><input type="checkbox" disabled checked> done</li>',
      '<li class="task-list-item"><input type="checkbox" disabled> todo</li>',
    ],
  },
  {
    name: 'task marker only at the start of an item',
    markdown: '- plain [x] item',
    contains: ['<li>plain [x] item</li>'],
    excludes: ['checkbox'],
  },
  {
    name: 'bare URL autolink',
    markdown: 'see https://example.com/path now',
    contains: [
      '<a href="https://example.com/path" target="_blank" rel="noopener noreferrer">https://example.com/path</a>',
    ],
  },
  {
    name: 'www. autolink (GFM)',
    markdown: 'visit www.example.com/a?b=1.',
    contains: [
      '<a href="http://www.example.com/a?b=1" target="_blank" rel="noopener noreferrer">www.example.com/a?b=1</a>.',
    ],
  },
  {
    name: 'e-mail autolink',
    markdown: 'write to me@example.com',
    contains: ['<a href="mailto:me@example.com">me@example.com</a>'],
  },
  {
    name: 'a word with a dot is not a link (GFM, the reference)',
    markdown: 'crates.io, readme.md and Node.js, //example.com/x',
    contains: ['crates.io, readme.md and Node.js, //example.com/x'],
    excludes: ['<a'],
  },
  {
    name: '<https://...> autolink',
    markdown: '<https://example.com/x>',
    contains: ['<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">https://example.com/x</a>'],
  },
  {
    name: 'raw HTML block passes',
    markdown: '<div class="box">hi <b>there</b></div>',
    contains: ['<div class="box">hi <b>there</b></div>'],
  },
  { name: 'raw inline HTML passes', markdown: 'press <kbd>Ctrl</kbd> now', contains: ['press <kbd>Ctrl</kbd> now'] },
  { name: '< in text is escaped', markdown: 'a < b and 1<2', contains: ['a &lt; b and 1&lt;2'] },
  {
    name: 'a generic type that is no HTML tag is escaped',
    markdown: 'Use Map<string, number> here',
    contains: ['Use Map&lt;string, number&gt; here'],
  },
  { name: 'braces stay text', markdown: 'an object {a: 1} and {{double}}', contains: ['{a: 1}', '{{double}}'] },
  { name: 'inline HTML comment', markdown: 'a <!-- hidden --> b', contains: ['<p>a <!-- hidden --> b</p>'] },
  {
    name: 'HTML comment block, text after it kept',
    markdown: '<!-- block comment -->\n\ntext after',
    contains: ['<!-- block comment -->', '<p>text after</p>'],
  },
  {
    name: ':::note',
    markdown: ':::note\nHello\n:::',
    contains: [
      '<div class="admonition admonition-note"><p class="admonition-heading">note</p><div class="admonition-content">',
      '<p>Hello</p>',
    ],
  },
  {
    name: ':::tip Title',
    markdown: ':::tip My Title\nHi\n:::',
    contains: ['class="admonition admonition-tip"', '<p class="admonition-heading">My Title</p>'],
  },
  {
    name: ':::danger[Title]',
    markdown: ':::danger[Watch out]\nHi\n:::',
    contains: ['class="admonition admonition-danger"', '<p class="admonition-heading">Watch out</p>'],
  },
  {
    name: 'admonition with Markdown inside',
    markdown: ':::info\n\n- **one**\n\n:::',
    contains: ['admonition-info', '<li><strong>one</strong></li>'],
  },
  {
    name: 'admonition title is inline Markdown (as in Docusaurus), not block syntax',
    markdown: ':::caution **x** # y\nHi\n:::',
    contains: ['<p class="admonition-heading"><strong>x</strong> # y</p>'],
  },
  {
    name: 'unknown ::: type is plain text',
    markdown: ':::bogus\nHi\n:::',
    contains: [':::bogus'],
    excludes: ['admonition'],
  },
  {
    name: 'js fenced code highlighted at build time',
    markdown: '```js\nconst a = "<b>";\n```',
    contains: [
      '<pre class="language-javascript" tabindex="0"><code class="language-javascript">',
      '<span class="token keyword">const</span>',
      '<span class="token string">"&lt;b>"</span>',
    ],
  },
  {
    name: 'language alias (sh -> bash)',
    markdown: '```sh\necho "hi" | grep h\n```',
    contains: ['class="language-bash"', '<span class="token builtin class-name">echo</span>'],
  },
  {
    name: 'language loaded on demand (rust)',
    markdown: '```rust\nfn main() {}\n```',
    contains: ['class="language-rust"', '<span class="token keyword">fn</span>'],
  },
  {
    name: 'unknown language: escaped, no tokens',
    markdown: '```foobar\n<b>x</b> & y\n```',
    contains: ['class="language-foobar"', '&lt;b&gt;x&lt;/b&gt; &amp; y'],
    excludes: ['token', '<b>'],
  },
  {
    name: 'no language: plain text',
    markdown: '```\nplain <i>\n```',
    contains: ['class="language-text"'],
    excludes: ['<i>', 'token'],
  },
  {
    name: 'external link opens a new tab',
    markdown: '[x](https://example.com)',
    contains: ['<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>'],
  },
  {
    name: 'relative link stays in the tab',
    markdown: '[x](/web/vite)',
    contains: ['<a href="/web/vite">x</a>'],
    excludes: ['target='],
  },
];

describe('Markdown syntax', () => {
  for (const c of syntaxCases) {
    it(c.name, () => {
      const { html } = render(c.markdown);
      for (const expected of c.contains) {
        if (typeof expected === 'string')
          assert.ok(html.includes(expected), `expected ${JSON.stringify(expected)} in:\n${html}`);
        else assert.match(html, expected);
      }
      for (const unexpected of c.excludes ?? []) {
        if (typeof unexpected === 'string')
          assert.ok(!html.includes(unexpected), `did not expect ${JSON.stringify(unexpected)} in:\n${html}`);
        else assert.doesNotMatch(html, unexpected);
      }
    });
  }

  it("links bare URLs and e-mails exactly as linkify-it does without the engine's quick checks", () => {
    // The same renderer with linkify-it's own pretest() and test() (autolinks.ts puts quick checks in front of them).
    const stock = createMarkdownRenderer();
    const linkify = stock.linkify as unknown as Record<string, unknown>;
    delete linkify.pretest;
    delete linkify.test;
    assert.equal(typeof stock.linkify.test, 'function');
    const inputs = [
      'write to me&#64;example.com today',
      'a HTTPS://EXAMPLE.COM/x and Www.Example.com',
      'escaped http\\://example.com/x and mailto\\:me@example.com',
      '[see http://a.example.com](https://b.example.com) then ftp://c.example.com',
      '<a href="https://x.example.com">https://y.example.com</a> after',
      'plain text, readme.md, R&amp;D, a\\b, x@y and e@mail.example.com',
      '- item &lt;https://example.com&gt;\n- https&#58;//example.com/entity-colon',
    ];
    for (const markdown of inputs) {
      const env = { sourcePath: asSourcePath('notes/note.md'), lineOffset: 0, resolveLink: keepLinks };
      assert.equal(render(markdown).html, renderNote(stock, { ...env, body: markdown }).html, markdown);
    }
    assert.match(
      render(inputs[1]!).html,
      /<a href="HTTPS:\/\/EXAMPLE.COM\/x"[^>]*>.*<a href="http:\/\/Www.Example.com"/,
    );
    assert.match(render(inputs[5]!).html, /<a href="mailto:e@mail.example.com">/);
  });

  it('renders highlighted code without any script for the browser', () => {
    const { html } = render('```python\ndef f():\n    return 1\n```');
    assert.match(html, /<span class="token keyword">def<\/span>/);
    assert.doesNotMatch(html, /<script/);
  });
});

// The quick paths in front of markdown-it's URL normalizer and unsafe-scheme check answer as the full versions do.
describe('link URLs', () => {
  const stock = new MarkdownIt();
  const { encode } = stock.utils.lib.mdurl;
  const urls = [
    'https://example.com/a_b-c.d~e?x=1&y=(2)#frag',
    'https://example.com/with space',
    'https://例え.jp/パス',
    '../web/vite.md#set-up',
    '100%25 done %41 %zz a%4 end%',
    'a[b]c{d}|e^f`g"h<i>j\\k',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    '\tvbscript:msgbox',
    'VBSCRIPT:x',
    'file:///etc/passwd',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/png;base64,iVBORw0KGgo=',
    'Data:image/webp;base64,UklGRg==',
    'dangerous-but-relative.md',
    'ſtyle.md',
    'İ.md',
    '',
  ];
  for (const url of urls) {
    it(`normalizes and checks ${JSON.stringify(url)} as markdown-it does`, () => {
      assert.equal(md.normalizeLink(url), encode(url));
      assert.equal(md.validateLink(url), stock.validateLink(url));
      assert.equal(md.validateLink(encode(url)), stock.validateLink(encode(url)));
    });
  }

  it('drops the link of an unsafe scheme and keeps an image data URL', () => {
    assert.doesNotMatch(render('[x](javascript:alert(1)) [y](JAVASCRIPT:alert(1))').html, /href/);
    assert.match(render('![p](data:image/png;base64,iVBORw0KGgo=)').html, /src="data:image\/png;base64,iVBORw0KGgo="/);
  });
});

describe('text rule', () => {
  // The engine's text rule must stop where markdown-it's own does: every character the original stops at, in text.
  const withOriginalText = createMarkdownRenderer();
  withOriginalText.inline.ruler.at('text', originalText);
  const renderWith = (parser: MarkdownIt, body: string) =>
    renderNote(parser, { sourcePath: asSourcePath('notes/note.md'), body, lineOffset: 0, resolveLink: keepLinks }).html;
  const samples = [
    'plain words only',
    'a *b* _c_ **d** ~~e~~ `f` \\*g\\* h&amp;i &copy; <span>j</span> k<br>l',
    'see https://example.com/a_b?c=d#e and www.example.org, mail me@example.com, {braces} $x$ 100% a+b=c ^d @e',
    'line one\nline two  \nline three\\\nfour [link](../x.md) ![img](p.png) [ref][r] <https://auto.link>\n\n[r]: https://r.example',
    'ends with a terminator!',
    ':::note\nan admonition with - [ ] a task\n:::',
    '- [x] done\n- [ ] to do: 1 > 0 < 2 = ~3~',
  ];
  for (const sample of samples) {
    it(`renders ${JSON.stringify(sample.slice(0, 40))} as markdown-it's own rule does`, () => {
      assert.equal(renderWith(md, sample), renderWith(withOriginalText, sample));
    });
  }
});

describe('line ends and admonition types', () => {
  it('renders a note with CRLF or CR line ends as with LF, and a NUL character as U+FFFD', () => {
    const lf = render('# T\n\nOne\ntwo\n\n- a\n- b\n');
    assert.equal(render('# T\r\n\r\nOne\r\ntwo\r\n\r\n- a\r\n- b\r\n').html, lf.html);
    assert.equal(render('# T\r\rOne\rtwo\r\r- a\r- b\r').html, lf.html);
    assert.match(render('a\0b').html, /<p>a\uFFFDb<\/p>/);
  });

  it('boxes every admonition type in any case, and leaves an unknown one as text', () => {
    assert.match(render(':::WARNING\nHi\n:::').html, /class="admonition admonition-warning"/);
    assert.match(
      render(':::secondary Aside\nHi\n:::').html,
      /admonition-secondary.*<p class="admonition-heading">Aside<\/p>/s,
    );
    assert.doesNotMatch(render(':::nope\nHi\n:::').html, /admonition/);
  });
});

describe('raw HTML ids', () => {
  it('collects the id and name attributes of raw HTML blocks and inline tags, not those in code or text', () => {
    const note = [
      '<div id="block-id" class="x">block</div>',
      '',
      'Inline <a name="inline-name">anchor</a> and <span\nid="split-tag">split</span>.',
      '',
      '`<b id="in-code">` and [t](https://e.example "title id=\\"in-title\\"")',
      '',
      '```html',
      '<p id="in-fence"></p>',
      '```',
      '',
      'Plain id="in-text" words.',
    ].join('\n');
    const { htmlIds, html } = render(note);
    assert.deepEqual(htmlIds, ['block-id', 'inline-name', 'split-tag']);
    // The rendered HTML holds no other unescaped id or name attribute than these.
    assert.deepEqual(
      [...html.matchAll(/\s(?:id|name)="([^"]+)"/g)].map((m) => m[1]),
      htmlIds,
    );
  });
});
