import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createVault } from '../helpers/obsidianVault.js';

// Obsidian-flavoured Markdown rendered through the build's renderer, wikilink index and link resolver.

/** One note's HTML in a vault of notes that link to each other. */
function renderIn(files: Record<string, string>, note = 'a.md', markdown = { obsidian: true as const }) {
  return createVault(files, markdown).render(note);
}

const vault = {
  'a.md': '',
  'Target Note.md': '---\naliases: [Other name]\n---\n# Target Note\n\n## Some Heading\n\nText. ^blk1\n',
  'folder/Deep.md': 'Deep text\n',
};

const linkCases: readonly { markdown: string; html: string; broken?: true; anchor?: string }[] = [
  { markdown: '[[Target Note]]', html: '<a href="/Target%20Note" class="wikilink">Target Note</a>' },
  { markdown: '[[target note|the alias]]', html: '<a href="/Target%20Note" class="wikilink">the alias</a>' },
  { markdown: '[[Target Note | spaced ]]', html: '>spaced</a>' },
  { markdown: '[[Other name]]', html: '<a href="/Target%20Note" class="wikilink">Other name</a>' },
  {
    markdown: '[[Target Note#Some Heading]]',
    html: '<a href="/Target%20Note#some-heading" class="wikilink">Target Note &gt; Some Heading</a>',
    anchor: 'some-heading',
  },
  { markdown: '[[Target Note#some-heading|x]]', html: 'href="/Target%20Note#some-heading"', anchor: 'some-heading' },
  { markdown: '[[Target Note#^blk1]]', html: 'href="/Target%20Note#^blk1"', anchor: '^blk1' },
  { markdown: '[[#Local Part]]', html: '<a href="#local-part" class="wikilink">Local Part</a>', anchor: 'local-part' },
  { markdown: '[[Deep]]', html: '<a href="/folder/Deep" class="wikilink">Deep</a>' },
  { markdown: '[[Nowhere]]', html: '<a href="Nowhere" class="wikilink wikilink-broken">Nowhere</a>', broken: true },
];

describe('wikilinks render as links and are recorded like Markdown links', () => {
  for (const c of linkCases) {
    it(`${c.markdown}`, () => {
      const content = renderIn({ ...vault, 'a.md': `See ${c.markdown} here.\n` });
      assert.ok(content.html.includes(c.html), content.html);
      assert.equal(content.links.length, 1);
      const [link] = content.links;
      assert.equal(link!.target, c.markdown);
      assert.equal(link!.line, 1);
      assert.equal(link!.resolved.broken !== undefined, c.broken === true);
      assert.equal(link!.resolved.anchor?.id, c.anchor);
    });
  }

  it('reports the line of each link, past the front matter', () => {
    const content = renderIn({ ...vault, 'a.md': '---\ntitle: A\n---\nOne\n[[Deep]]\n\n> [!note] T\n> [[Nowhere]]\n' });
    assert.deepEqual(
      content.links.map((link) => [link.target, link.line]),
      [
        ['[[Deep]]', 5],
        ['[[Nowhere]]', 8],
      ],
    );
  });

  it('reads `\\|` in a table cell as the pipe', () => {
    const content = renderIn({ ...vault, 'a.md': '| a | b |\n| - | - |\n| x | [[Deep\\|deep one]] |\n' });
    assert.ok(content.html.includes('<td><a href="/folder/Deep" class="wikilink">deep one</a></td>'), content.html);
  });

  it('leaves wikilinks in code as they are', () => {
    const content = renderIn({ ...vault, 'a.md': '`[[Deep]]`\n\n```\n[[Deep]]\n```\n' });
    assert.equal(content.links.length, 0);
    assert.equal(content.html.split('[[Deep]]').length, 3);
  });

  it('gives a paragraph or list item its block id', () => {
    const content = renderIn({ ...vault, 'a.md': 'A paragraph. ^para-1\n\n- item ^item2\n' });
    assert.ok(content.html.includes('<p id="^para-1">A paragraph.</p>'), content.html);
    assert.ok(content.html.includes('<li id="^item2">item</li>'), content.html);
    assert.deepEqual(content.htmlIds, ['^para-1', '^item2']);
  });
});

const embedCases: readonly { markdown: string; html: string; broken?: true }[] = [
  { markdown: '![[images/pic.png]]', html: '<img class="embed embed-image" src="/assets/files/pic-' },
  { markdown: '![[images/pic.png|300]]', html: ' alt="pic.png" width="300" loading="lazy">' },
  { markdown: '![[images/pic.png|300x200]]', html: ' width="300" height="200"' },
  { markdown: '![[images/pic.png|A cat|120]]', html: ' alt="A cat" width="120"' },
  { markdown: '![[paper.pdf]]', html: '<iframe class="embed embed-pdf" src="/assets/files/paper-' },
  { markdown: '![[song.mp3]]', html: '<audio class="embed embed-audio" controls src="/assets/files/song-' },
  { markdown: '![[clip.mp4]]', html: '<video class="embed embed-video" controls src="/assets/files/clip-' },
  {
    markdown: '![[gone.png]]',
    html: '<span class="embed embed-missing" title="Missing file">gone.png</span>',
    broken: true,
  },
];

describe('embeds show attachments found anywhere in the vault', () => {
  for (const c of embedCases) {
    it(c.markdown, () => {
      const content = renderIn({ ...vault, 'folder/Deep.md': `${c.markdown}\n` }, 'folder/Deep.md');
      assert.ok(content.html.includes(c.html), content.html);
      const [link] = content.links;
      assert.equal(link!.target, c.markdown);
      assert.equal(link!.resolved.broken !== undefined, c.broken === true);
      assert.equal(link!.resolved.asset !== undefined, c.broken !== true);
    });
  }

  it('warns of an ambiguous attachment name and takes the first by path', () => {
    const [link] = renderIn({ ...vault, 'a.md': '![[pic.png]]\n' }).links;
    assert.match(link!.resolved.warning ?? '', /files\/pic\.png, images\/pic\.png/);
    assert.match(link!.resolved.href, /^\/assets\/files\/pic-/);
  });
});

describe('notes are transcluded', () => {
  it('renders the whole note, or a heading section, in a quote with a link to it', () => {
    const files = {
      ...vault,
      'a.md': '![[Target Note]]\n\n![[Target Note#Some Heading]]\n',
      'Target Note.md': '# Target Note\n\nIntro ==text==.\n\n## Some Heading\n\nSection text.\n\n## Next\n\nLater.\n',
    };
    const html = renderIn(files).html;
    const [whole = '', section = ''] = html.split('<blockquote class="transclusion">').slice(1);
    assert.ok(whole.includes('<h1>Target Note</h1>') && whole.includes('Later.'), html);
    assert.ok(whole.includes('<mark>text</mark>'), whole);
    assert.ok(section.includes('<h2>Some Heading</h2>') && section.includes('Section text.'), html);
    assert.ok(!section.includes('Later.'), section);
    assert.ok(section.includes('<a href="/Target%20Note#some-heading">Target Note &gt; Some Heading</a>'), section);
    assert.ok(!/<p>\s*<blockquote/.test(html), 'a paragraph holding only the embed prints no <p>');
  });

  it('closes the paragraph an embed is in the middle of, and opens another after it (no block inside a <p>)', () => {
    const files = { 'T.md': '# T\n\nBody of T.\n' };
    const shape = (markdown: string) =>
      renderIn({ ...files, 'a.md': `${markdown}\n` })
        .html.replace(/<blockquote class="transclusion">[^]*?<\/blockquote>\n?/g, '[embed]')
        .replace(/\n/g, '');
    assert.equal(shape('Before ![[T]] after.'), '<p>Before</p>[embed]<p>after.</p>');
    assert.equal(shape('Line one\n![[T]]\nLine three'), '<p>Line one</p>[embed]<p>Line three</p>');
    assert.equal(shape('See ![[T]] and ![[T]]'), '<p>See</p>[embed]<p>and</p>[embed]');
    assert.equal(shape('> quoted ![[T]] more'), '<blockquote><p>quoted</p>[embed]<p>more</p></blockquote>');
    assert.equal(shape('- item ![[T]] tail'), '<ul><li>item [embed] tail</li></ul>', 'a tight item has no <p>');
    assert.match(shape('x ![[T.md]] y ![[pic.png]] z'), /^<p>x<\/p>\[embed\]<p>y <img [^>]+> z<\/p>$/);
  });

  it('stops a loop with a plain link and a warning on each note of it', () => {
    const files = { 'a.md': 'A says ![[b]]\n', 'b.md': 'B says ![[a]]\n', 'c.md': 'C: ![[c]]\n' };
    const vaultOfLoops = createVault(files, { obsidian: true });
    for (const [note, other] of [
      ['a.md', 'b'],
      ['b.md', 'a'],
    ] as const) {
      const content = vaultOfLoops.render(note);
      assert.equal(content.html.split('class="transclusion"').length, 2, content.html);
      const warnings = content.links.filter((link) => link.resolved.warning);
      assert.equal(warnings.length, 1, JSON.stringify(content.links));
      assert.equal(warnings[0]!.target, `![[${other}]]`);
      assert.match(warnings[0]!.resolved.warning!, /loop/);
    }
    const self = vaultOfLoops.render('c.md');
    assert.ok(!self.html.includes('transclusion'), self.html);
    assert.match(self.links[0]!.resolved.warning ?? '', /loop/);
  });
});

describe('callouts', () => {
  const cases: readonly { markdown: string; html: readonly string[] }[] = [
    {
      markdown: '> [!note]\n> Body',
      html: [
        '<div class="callout callout-note" data-callout="note">',
        '<div class="callout-title">Note</div>',
        '<p>Body</p>',
      ],
    },
    { markdown: '> [!TLDR] Short', html: ['callout-abstract', '<div class="callout-title">Short</div>'] },
    { markdown: '> [!hint]', html: ['callout-tip', '>Hint</div>'] },
    { markdown: '> [!faq]', html: ['callout-question'] },
    { markdown: '> [!cite]', html: ['callout-quote'] },
    { markdown: '> [!error]', html: ['callout-danger'] },
    { markdown: '> [!whatever] Odd', html: ['callout-note', '>Odd</div>'] },
    {
      markdown: '> [!tip] A *fine* [[Deep]]',
      html: ['A <em>fine</em> <a href="/folder/Deep" class="wikilink">Deep</a>'],
    },
    {
      markdown: '> [!warning]+ Open\n> Text',
      html: [
        '<details class="callout callout-warning" data-callout="warning" open>',
        '<summary class="callout-title">Open</summary>',
      ],
    },
    { markdown: '> [!bug]- Closed\n> Text', html: ['<details class="callout callout-bug" data-callout="bug">'] },
    {
      markdown: '> [!question] Outer\n>\n> > [!todo] Inner\n> > Deep',
      html: [
        'callout-question',
        '<div class="callout callout-todo" data-callout="todo">',
        '<p>Deep</p>\n</div></div>\n</div></div>',
      ],
    },
  ];
  for (const c of cases) {
    it(c.markdown.split('\n')[0]!, () => {
      const html = renderIn({ ...vault, 'a.md': `${c.markdown}\n` }).html;
      for (const part of c.html) assert.ok(html.includes(part), `${part}\nin\n${html}`);
      assert.ok(!html.includes('[!') && !html.includes('<blockquote'), html);
    });
  }

  it('leaves a plain quote a quote', () => {
    assert.match(renderIn({ ...vault, 'a.md': '> just [a] quote\n' }).html, /^<blockquote>/);
  });
});

describe('highlights, comments, tags and line breaks', () => {
  const cases: readonly { markdown: string; on: string; off: string }[] = [
    {
      markdown: 'a ==marked **bold**== b',
      on: '<p>a <mark>marked <strong>bold</strong></mark> b</p>',
      off: '<p>a ==marked <strong>bold</strong>== b</p>',
    },
    { markdown: 'x == y == z', on: '<p>x == y == z</p>', off: '<p>x == y == z</p>' },
    { markdown: 'keep %%hidden%% this', on: '<p>keep this</p>', off: '<p>keep this</p>' },
    { markdown: '%%\nblock\ncomment\n%%\nafter', on: '<p>after</p>', off: '<p>after</p>' },
    { markdown: 'one\ntwo', on: '<p>one<br>\ntwo</p>', off: '<p>one\ntwo</p>' },
    {
      markdown: 'tag #rust here',
      on: '<p>tag <a href="/tags/rust" class="tag tag-inline">#rust</a> here</p>',
      off: '<p>tag #rust here</p>',
    },
    {
      markdown: 'nested #web/node',
      on: '<a href="/tags/web/node" class="tag tag-inline">#web/node</a>',
      off: '#web/node',
    },
    { markdown: 'issue #123 and a#b', on: '<p>issue #123 and a#b</p>', off: '<p>issue #123 and a#b</p>' },
    { markdown: 'code `#rust` and http://x.org/#rust', on: '<code>#rust</code>', off: '<code>#rust</code>' },
  ];
  for (const c of cases) {
    it(c.markdown.replace(/\n/g, '\\n'), () => {
      const on = renderIn({ 'a.md': `${c.markdown}\n` });
      const off = renderIn({ 'a.md': `${c.markdown}\n` }, 'a.md', { obsidian: false } as never);
      assert.ok(on.html.includes(c.on), `on: ${on.html}`);
      assert.ok(off.html.includes(c.off), `off: ${off.html}`);
    });
  }

  it('collects inline tags on the note, before rendering and when rendering, the same', () => {
    const files = { 'a.md': '# Title #notatag\n\nText #rust, #web/node and #rust again.\n\n```\n#code\n```\n' };
    const built = createVault(files, { obsidian: true });
    assert.deepEqual(built.render('a.md').inlineTags, ['notatag', 'rust', 'web/node']);
    assert.deepEqual(built.inlineTags('a.md'), ['notatag', 'rust', 'web/node']);
  });
});

describe("markdown.obsidian: 'auto'", () => {
  const cases: readonly { name: string; files: Record<string, string>; docsDir?: string; enabled: boolean }[] = [
    { name: 'a wikilink that names a note', files: { 'a.md': 'see [[b]]', 'b.md': '' }, enabled: true },
    { name: 'an embed that names a file', files: { 'a.md': '![[paper.pdf]]' }, enabled: true },
    { name: 'prose like [[link]]s', files: { 'a.md': 'bidirectional [[link]]s and [[x](y)]' }, enabled: false },
    { name: 'no wikilink', files: { 'a.md': 'a ==b== #c' }, enabled: false },
    { name: 'wikilinks in code only', files: { 'a.md': '`[[b]]`\n\n```toml\n[[b]]\n```', 'b.md': '' }, enabled: false },
  ];
  for (const c of cases) {
    it(`is ${c.enabled ? 'on' : 'off'} for ${c.name}`, () => {
      // The fixture's docs folder has a .obsidian/ beside it: a folder without one is used here.
      const vaultOf = createVault(c.files, {}, `${process.cwd()}/test/fixtures/link-assets/docs`);
      assert.equal(vaultOf.enabled, c.enabled);
    });
  }

  it('is on for a docs folder with .obsidian/ beside it', () => {
    assert.equal(createVault({ 'a.md': 'plain' }).enabled, true);
  });

  it('when off, keeps prose [[link]]s, ==, #tags and newlines as CommonMark has them', () => {
    const files = { 'a.md': 'bidirectional [[link]]s ==x== #tag\nnext' };
    const off = createVault(files, {}, `${process.cwd()}/test/fixtures/link-assets/docs`).render('a.md');
    assert.equal(off.html, '<p>bidirectional [[link]]s ==x== #tag\nnext</p>\n');
    assert.equal(off.links.length, 0);
  });
});
