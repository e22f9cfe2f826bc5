import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  parseCodeBlockInfo,
  parseLineRange,
  renderCodeBlock,
  splitHtmlLines,
} from '../../src/node/markdown/codeBlocks.js';
import { createRequire } from 'node:module';
import { createHighlighter, wholeGrammarOf } from '../../src/node/markdown/highlight.js';
import { applyMagicComments } from '../../src/node/markdown/magicComments.js';

const highlight = createHighlighter();

/** The text of each `span.code-line` of a rendered block, tags removed, and whether it is highlighted. */
function renderedLines(html: string): { text: string; highlighted: boolean }[] {
  return [...html.matchAll(/<span class="(code-line[^"]*)">([^]*?)\n<\/span>(?=<span class="code-line|<\/code>)/g)].map(
    (match) => ({
      text: match[2]!
        .replace(/<[^>]+>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
      highlighted: match[1]!.includes('code-line--highlighted'),
    }),
  );
}

describe('fence info strings, read as Docusaurus reads them', () => {
  const cases: [info: string, expected: ReturnType<typeof parseCodeBlockInfo>][] = [
    ['', { language: '' }],
    ['js', { language: 'js' }],
    ['jsx title="/src/App.js"', { language: 'jsx', title: '/src/App.js' }],
    ['bash title=\'a "quoted" name\'', { language: 'bash', title: 'a "quoted" name' }],
    ['js {1,3-4}', { language: 'js', lineRange: new Set([1, 3, 4]) }],
    ['js showLineNumbers', { language: 'js', lineNumbersStart: 1 }],
    [
      'js showLineNumbers=5 title="x" {2}',
      { language: 'js', title: 'x', lineRange: new Set([2]), lineNumbersStart: 5 },
    ],
    ['py showLineNumbersX', { language: 'py' }],
  ];
  for (const [info, expected] of cases) {
    it(JSON.stringify(info), () => assert.deepEqual(parseCodeBlockInfo(info), expected));
  }

  it('reads line ranges with spaces, repeats and reversed bounds', () => {
    assert.deepEqual([...parseLineRange('1, 3-5,4')], [1, 3, 4, 5]);
    assert.deepEqual([...parseLineRange('5-3')], []);
    assert.deepEqual([...parseLineRange('x,2')], [2]);
  });
});

describe('magic comments', () => {
  // Each language's comment forms (Docusaurus's magicComments defaults): `code` holds one directive line.
  const cases: [language: string, directive: string, removed: boolean][] = [
    ['js', '// highlight-next-line', true],
    ['ts', '/* highlight-next-line */', true],
    ['js', '# highlight-next-line', false],
    ['jsx', '{/* highlight-next-line */}', true],
    ['python', '# highlight-next-line', true],
    ['python', '// highlight-next-line', false],
    ['bash', '   #   highlight-next-line  ', true],
    ['html', '<!-- highlight-next-line -->', true],
    ['lua', '-- highlight-next-line', true],
    ['sql', '-- highlight-next-line', true],
    ['haskell', '-- highlight-next-line', true],
    ['tex', '% highlight-next-line', true],
    ['yaml', '# highlight-next-line', true],
    ['yaml', '-- highlight-next-line', false],
    ['', '// highlight-next-line', true],
    ['js', 'foo(); // highlight-next-line', false],
  ];
  for (const [language, directive, removed] of cases) {
    it(`${language || '(none)'}: ${JSON.stringify(directive)} ${removed ? 'highlights the next line' : 'is code'}`, () => {
      const { lines, highlighted } = applyMagicComments(['a', directive, 'b', 'c'], language);
      assert.deepEqual(lines, removed ? ['a', 'b', 'c'] : ['a', directive, 'b', 'c']);
      assert.deepEqual([...highlighted], removed ? [1] : []);
    });
  }

  it('highlights the lines between highlight-start and highlight-end, nested and unclosed', () => {
    const code = [
      '// highlight-start',
      'a',
      '// highlight-start',
      'b',
      '// highlight-end',
      'c',
      '// highlight-end',
      'd',
    ];
    assert.deepEqual(applyMagicComments(code, 'js'), { lines: ['a', 'b', 'c', 'd'], highlighted: new Set([1, 0, 2]) });
    const unclosed = applyMagicComments(['// highlight-start', 'a', 'b'], 'js');
    assert.deepEqual(unclosed, { lines: ['a', 'b'], highlighted: new Set() });
  });
});

describe('renderCodeBlock', () => {
  it('renders a block with no title, highlight or line numbers as the plain pre', () => {
    for (const [code, info] of [
      ['const a = 1;\n', 'js'],
      ['plain <i>\n', ''],
      ['x\n', 'foobar extra words'],
    ] as const) {
      const language = info.split(' ')[0] || 'text';
      const plain = language === 'js' ? 'javascript' : language;
      const body = highlight(code, plain);
      assert.equal(
        renderCodeBlock(code, info, highlight),
        `<pre class="language-${plain}" tabindex="0"><code class="language-${plain}">${body}</code></pre>\n`,
      );
    }
  });

  it('adds the title bar, escaped, above the pre', () => {
    const html = renderCodeBlock('echo hi\n', 'bash title="<run> & see"', highlight);
    assert.match(html, /^<div class="code-block"><div class="code-block-title">&lt;run&gt; &amp; see<\/div><pre /);
    assert.deepEqual(renderedLines(html), [{ text: 'echo hi', highlighted: false }]);
  });

  it('highlights a {range} and keeps comments that look magic (Docusaurus reads no magic comment then)', () => {
    const html = renderCodeBlock('a\n// highlight-next-line\nb\nc\n', 'js {1,3}', highlight);
    assert.deepEqual(
      renderedLines(html).map((line) => [line.text, line.highlighted]),
      [
        ['a', true],
        ['// highlight-next-line', false],
        ['b', true],
        ['c', false],
      ],
    );
  });

  it('removes magic comments from the output and highlights their lines', () => {
    const code =
      'const a = 1;\n// highlight-next-line\nconst b = 2;\n// highlight-start\nf();\ng();\n// highlight-end\nh();\n';
    const html = renderCodeBlock(code, 'js', highlight);
    assert.doesNotMatch(html, /highlight-/);
    assert.deepEqual(
      renderedLines(html).map((line) => `${line.highlighted ? '+' : ' '}${line.text}`),
      [' const a = 1;', '+const b = 2;', '+f();', '+g();', ' h();'],
    );
  });

  it('numbers lines from showLineNumbers=N with a CSS counter', () => {
    const html = renderCodeBlock('a\nb\n', 'text showLineNumbers=5', highlight);
    assert.match(html, /^<div class="code-block code-block--line-numbers" style="counter-reset: line 4"><pre /);
    assert.equal(renderedLines(html).length, 2);
    assert.match(renderCodeBlock('a\n', 'text showLineNumbers', highlight), /counter-reset: line 0"/);
  });

  it('keeps empty lines as lines', () => {
    const lines = renderedLines(renderCodeBlock('a\n\n\nb\n', 'text {4}', highlight));
    assert.deepEqual(
      lines.map((line) => line.text),
      ['a', '', '', 'b'],
    );
    assert.equal(lines[3]!.highlighted, true);
  });
});

describe('splitHtmlLines', () => {
  it('closes tags open at a line end and opens them again on the next line', () => {
    const html = '<span class="a">one\n<span class="b">two\nthree</span></span>\nfour';
    assert.deepEqual(splitHtmlLines(html), [
      '<span class="a">one</span>',
      '<span class="a"><span class="b">two</span></span>',
      '<span class="a"><span class="b">three</span></span>',
      'four',
    ]);
  });

  it('gives balanced lines for a multi-line token Prism wraps once', () => {
    const html = highlight('/* a\n b\n c */\nx = `1\n2`;', 'javascript');
    const lines = splitHtmlLines(html);
    assert.equal(lines.length, 5);
    for (const line of lines) {
      const opened = line.match(/<span\b/g)?.length ?? 0;
      assert.equal(opened, line.match(/<\/span>/g)?.length ?? 0, line);
    }
    assert.equal(lines.join('\n').replace(/<[^>]+>/g, ''), '/* a\n b\n c */\nx = `1\n2`;');
  });
});

describe('a language loads with its whole grammar', () => {
  const components = createRequire(import.meta.url)('prismjs/components.json') as Parameters<typeof wholeGrammarOf>[1];

  it('loads what a grammar requires, embeds when present, and what modifies it', () => {
    const markdown = wholeGrammarOf('markdown', components);
    assert.ok(markdown.includes('markup') && markdown.includes('yaml'), markdown.join(' ')); // required, embedded
    const javascript = wholeGrammarOf('javascript', components);
    for (const addOn of ['js-extras', 'js-templates', 'jsdoc']) assert.ok(javascript.includes(addOn), addOn);
    assert.ok(wholeGrammarOf('css', components).includes('css-extras'));
  });

  it('highlights a block the same way each time, however many highlighters loaded its language', () => {
    // Prism's own loader ran markdown's component again for each request, and each run added its hook once more.
    const markdown = '# Title\n\n```jsx\nconst answer = <b>{42}</b>;\n```\n';
    const first = createHighlighter()(markdown, 'md');
    assert.match(first, /class="token code-block language-jsx"/);
    for (let run = 0; run < 3; run++) assert.equal(createHighlighter()(markdown, 'markdown'), first);
  });

  it('loads a language that nothing embeds or modifies alone, by its id or an alias', () => {
    assert.deepEqual(wholeGrammarOf('python', components), ['python']);
    assert.deepEqual(wholeGrammarOf('py', components), ['python']);
    assert.deepEqual(wholeGrammarOf('mermaid', components), ['mermaid']); // not Prism's: left as it is asked
  });
});
