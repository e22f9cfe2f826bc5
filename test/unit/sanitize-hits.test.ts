/**
 * Search hits are sanitised in the browser, whatever the provider (issue 21, item 4): `sanitizeHighlight` keeps only
 * the `<mark>` highlights, `sanitizeHit` rebuilds any provider's hit as escaped text, `safeUrl` keeps page links only.
 * The same hostile records through a mock Algolia and a mock Typesense: search-providers.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';
import {
  createHit,
  type DocSearchHit,
  highlightTerms,
  safeUrl,
  sanitizeHighlight,
  sanitizeHit,
} from '../../src/client/search/hits.js';
import { hostileAlgoliaHit, markupBesidesHighlights } from '../helpers/hostileMarkup.js';

const highlights: Array<[string, string]> = [
  ['plain <mark>word</mark>', 'plain <mark>word</mark>'],
  ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
  ['<mark><img src=x onerror=alert(1)></mark>', '<mark>&lt;img src=x onerror=alert(1)&gt;</mark>'],
  ['<mark><script>alert(1)</script></mark>', '<mark>&lt;script&gt;alert(1)&lt;/script&gt;</mark>'],
  [
    '<a href="javascript:alert(1)"><mark>link</mark></a>',
    '&lt;a href=&quot;javascript:alert(1)&quot;&gt;<mark>link</mark>&lt;/a&gt;',
  ],
  ['<mark onclick="alert(1)">x</mark>', '&lt;mark onclick=&quot;alert(1)&quot;&gt;x'],
  ['<MARK>x</MARK>', '&lt;MARK&gt;x&lt;/MARK&gt;'],
  ['<mark>open', '<mark>open</mark>'],
  ['<mark><mark>nested</mark></mark> </mark>stray', '<mark>nested</mark> stray'],
  // A crawler may have escaped the text already: decoded once, escaped once.
  ['&lt;config&gt; &amp; <mark>plugins</mark>', '&lt;config&gt; &amp; <mark>plugins</mark>'],
  ['&amp;lt;b&amp;gt;', '&amp;lt;b&amp;gt;'],
  ['&#39;q&#39; &quot;', "'q' &quot;"],
];

describe('sanitizeHighlight', () => {
  for (const [input, expected] of highlights)
    test(JSON.stringify(input), () => assert.equal(sanitizeHighlight(input), expected));
  it('is idempotent (a hit may be sanitised by its provider and again by loadProvider)', () => {
    for (const [, once] of highlights) assert.equal(sanitizeHighlight(once), once);
  });
});

const urls: Array<[string, string]> = [
  ['/docs/a#b', '/docs/a#b'],
  ['https://wiki.example.com/a', 'https://wiki.example.com/a'],
  ['//wiki.example.com/a', '//wiki.example.com/a'],
  ['a/b?q=1', 'a/b?q=1'],
  ['javascript:alert(1)', '#'],
  ['JavaScript:alert(1)', '#'],
  [' \tjavascript:alert(1)', '#'],
  ['java\nscript:alert(1)', '#'],
  ['vbscript:msgbox(1)', '#'],
  ['data:text/html,<script>alert(1)</script>', '#'],
  ['http://[', '#'],
];

describe('safeUrl', () => {
  for (const [input, expected] of urls) test(JSON.stringify(input), () => assert.equal(safeUrl(input), expected));
});

describe('sanitizeHit', () => {
  const hit = sanitizeHit(hostileAlgoliaHit as unknown as DocSearchHit);

  it('leaves no markup but the highlights, and no script URL', () => {
    assert.deepEqual(markupBesidesHighlights(hit), []);
    assert.equal(hit.url, '#');
    assert.equal('extra' in hit, false, 'unknown fields are dropped');
  });

  it('keeps the highlights, the snippets apart, and the text as text', () => {
    assert.equal(hit._snippetResult.content.value, '… <mark>&lt;img src=x onerror=alert(3)&gt;</mark> in a code block');
    assert.equal(
      hit._highlightResult.content.value,
      'Shows <mark>&lt;img src=x onerror=alert(3)&gt;</mark> in a code block',
    );
    assert.equal(hit._snippetResult.hierarchy.lvl1.value, '<mark>Title</mark> &lt;script&gt;alert(1)&lt;/script&gt;');
    assert.equal(hit._highlightResult.hierarchy.lvl1.matchLevel, 'full');
    assert.equal(hit.content, 'Shows &lt;img src=x onerror=alert(3)&gt; in a code block');
    assert.equal(hit.hierarchy.lvl0, '<img src=x onerror=alert(0)>', 'lvl0 is plain text (React renders it as text)');
    assert.equal(hit.objectID, 'hostile-0');
    assert.equal(hit.type, 'content');
  });

  it('treats fields of the wrong type as absent', () => {
    const odd = sanitizeHit({
      url: 42,
      type: '<b>',
      hierarchy: { lvl0: {}, lvl1: ['x'] },
      content: { toString: () => '<script>' },
      _highlightResult: { content: { value: 7 } },
    } as unknown as DocSearchHit);
    assert.deepEqual(markupBesidesHighlights(odd), []);
    assert.equal(odd.type, 'content');
    assert.equal(odd.content, null);
    assert.equal(odd.hierarchy.lvl1, '');
  });

  it("changes nothing in the local provider's hits (already escaped, <mark> only)", () => {
    const local = createHit({
      url: '/rust#libs',
      type: 'lvl2',
      hierarchy: { lvl0: 'Languages', lvl1: 'Rust <libs>', lvl2: 'Crates & more' },
      highlighted: { lvl2: highlightTerms('Crates & more', ['crates']) },
      contentHtml: highlightTerms('Rust <libs> & rusty', ['rust']),
    });
    assert.deepEqual(sanitizeHit(local), local);
  });
});
