/** Hostile markup for the raw HTML tests: a detector of what would run in HTML, and hostile search records. */
import type { DocSearchHit } from '../../src/client/search/hits.js';

// Browsers drop tabs and newlines anywhere in a URL and control characters around it ("java\tscript:").
// eslint-disable-next-line no-control-regex
const urlNoise = /[\x00-\x20]/g;

/** What would run in a piece of HTML: elements that run or load code, `on*` attributes, script URLs. */
export function findExecutable(html: string): string[] {
  const found: string[] = [];
  for (const [, tag, attributes] of html.matchAll(/<([a-zA-Z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g)) {
    const name = tag!.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'style', 'frame', 'base', 'meta', 'link', 'form'].includes(name))
      found.push(`<${name}>`);
    for (const [, attribute, ...values] of attributes!.matchAll(
      /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
    )) {
      const key = attribute!.toLowerCase();
      const value = decodeUrlEntities(values.find((v) => v !== undefined) ?? '')
        .replace(urlNoise, '')
        .toLowerCase();
      if (key.startsWith('on')) found.push(`${name} ${key}`);
      if (/^(?:javascript|vbscript):/.test(value) || (/^data:/.test(value) && !(name === 'img' && key === 'src')))
        found.push(`${name} ${key}=${value}`);
    }
  }
  return found;
}

/** An attribute value as the browser reads it, for the entities that hide a scheme (`jav&#x09;ascript&colon;`). */
function decodeUrlEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(
      /&(colon|tab|newline);/gi,
      (_, name: string) => ({ colon: ':', tab: '\t', newline: '\n' })[name.toLowerCase()]!,
    );
}

/** Every value of a hit that DocSearch or the /search page inserts as HTML (lvl0 is React text). */
export function htmlValues(hit: DocSearchHit): string[] {
  const levels = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
  const results = [hit._highlightResult, hit._snippetResult];
  return [
    ...levels.map((level) => hit.hierarchy[level] ?? ''),
    hit.content ?? '',
    ...results.flatMap((result) => [
      result.content.value,
      ...Object.values(result.hierarchy).map((level) => level.value),
      ...result.hierarchy_camel.flatMap((camel) => Object.values(camel).map((level) => level.value)),
    ]),
  ];
}

/** Markup other than the highlights: anything that could run once inserted as HTML. */
export function markupBesidesHighlights(hit: DocSearchHit): string[] {
  return htmlValues(hit).filter((html) => html.replace(/<\/?mark>/g, '').includes('<'));
}

/** An Algolia record as a hostile index would return it (the hit type's fields, and others). */
export const hostileAlgoliaHit = {
  objectID: 'hostile-0',
  url: 'javascript:alert(1)',
  type: 'content',
  hierarchy: {
    lvl0: '<img src=x onerror=alert(0)>',
    lvl1: 'Title <script>alert(1)</script>',
    lvl2: '<svg onload=alert(2)>',
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  },
  content: 'Shows <img src=x onerror=alert(3)> in a code block',
  _highlightResult: {
    hierarchy: {
      lvl0: { value: '<img src=x onerror=alert(0)>' },
      lvl1: { value: '<mark>Title</mark> <script>alert(1)</script>' },
      lvl2: { value: '<svg onload=alert(2)>' },
    },
    content: { value: 'Shows <mark><img src=x onerror=alert(3)></mark> in a code block' },
  },
  _snippetResult: {
    hierarchy: { lvl1: { value: '<mark>Title</mark> <script>alert(1)</script>' } },
    content: { value: '… <mark><img src=x onerror=alert(3)></mark> in a code block' },
  },
  extra: '<script>alert(4)</script>',
};

/** The same record as Typesense returns it: a flattened document, and highlights marked with `<mark>`. */
export const hostileTypesenseHit = {
  document: {
    id: '1',
    'hierarchy.lvl0': '<img src=x onerror=alert(0)>',
    'hierarchy.lvl1': 'Title <script>alert(1)</script>',
    'hierarchy.lvl2': '<svg onload=alert(2)>',
    content: 'Shows <img src=x onerror=alert(3)> in a code block',
    url: 'javascript:alert(1)',
    type: 'content',
  },
  highlight: {
    'hierarchy.lvl1': { snippet: '<mark>Title</mark> <script>alert(1)</script>' },
    content: { snippet: 'Shows <mark><img src=x onerror=alert(3)></mark> in a code block' },
  },
  highlights: [{ field: 'hierarchy.lvl2', snippet: '<mark><svg onload=alert(2)></mark>' }],
};
