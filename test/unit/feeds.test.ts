/**
 * The Atom and RSS feeds of recently updated notes (issue 24, part 6), parsed as XML (htmlparser2 in xmlMode, with a
 * strict well-formedness check of our own) and checked against the rules of RFC 4287 and RSS 2.0: required elements,
 * date formats, absolute URLs, escaping.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { type FeedEntry, type FeedSite, renderAtomFeed, renderRssFeed } from '../../src/node/resolve/feeds.js';

const site: FeedSite = {
  title: 'Notes & <Things>',
  description: 'What "I" know',
  url: 'https://example.com/wiki/',
  language: 'en',
};
const entries: readonly FeedEntry[] = [
  {
    title: 'Rust <async> & "await"',
    url: 'https://example.com/wiki/rust/async%20await',
    time: Date.UTC(2026, 10, 25, 14, 30, 5),
    author: "Zoë O'Brien",
    summary: 'Futures, executors\u0007 and <b>pinning</b>.',
  },
  { title: 'Birds', url: 'https://example.com/wiki/birds', time: Date.UTC(2024, 0, 2), summary: '' },
];

/** Fails unless the XML is well formed: tags nest and close, text and attributes hold no raw `<` or stray `&`. */
function assertWellFormedXml(xml: string): void {
  assert.match(xml, /^<\?xml version="1\.0" encoding="utf-8"\?>\n/);
  const body = xml.replace(/^<\?xml[^>]*\?>/, '');
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  for (const match of body.matchAll(token)) {
    const [, closing, name, attributes, selfClosing, text, stray] = match;
    assert.equal(stray, undefined, `a raw "<" at ${match.index}`);
    const checked = text ?? attributes ?? '';
    assert.doesNotMatch(checked, /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);)/i, `a stray "&" in ${checked}`);
    // eslint-disable-next-line no-control-regex
    assert.doesNotMatch(checked, /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/, 'a character XML 1.0 forbids');
    if (name === undefined || selfClosing) continue;
    if (closing) assert.equal(stack.pop(), name, `</${name}> closes another element`);
    else stack.push(name);
  }
  assert.deepEqual(stack, [], 'every element is closed');
}

const parse = (xml: string) => parseDocument(xml, { xmlMode: true });
const children = (parent: Element, name: string) =>
  parent.children.filter((child): child is Element => child.type === 'tag' && child.name === name);
const only = (parent: Element, name: string): Element => {
  const found = children(parent, name);
  assert.equal(found.length, 1, `one <${name}> in <${parent.name}>`);
  return found[0]!;
};
const text = (element: Element) => DomUtils.textContent(element);
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
const RFC822 =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (?:GMT|[+-]\d{4})$/;
const isAbsoluteUrl = (value: string) => /^https?:\/\/[^\s]+$/.test(value) && new URL(value).href === value;

describe('Atom feed (RFC 4287)', () => {
  const xml = renderAtomFeed(site, entries);
  const feed = DomUtils.findOne((element) => element.name === 'feed', parse(xml).children)!;

  it('is well-formed XML in the Atom namespace', () => {
    assertWellFormedXml(xml);
    assert.equal(feed.attribs.xmlns, 'http://www.w3.org/2005/Atom');
  });

  it('has the feed id, title, updated (the newest entry), an author and its self and alternate links', () => {
    assert.ok(isAbsoluteUrl(text(only(feed, 'id'))));
    assert.equal(text(only(feed, 'title')), site.title);
    const updated = text(only(feed, 'updated'));
    assert.match(updated, RFC3339);
    assert.equal(Date.parse(updated), Math.max(...entries.map((entry) => entry.time)));
    assert.ok(text(only(only(feed, 'author'), 'name')).length > 0);
    const links = children(feed, 'link');
    assert.equal(links.find((link) => link.attribs.rel === 'self')?.attribs.href, `${site.url}atom.xml`);
    assert.equal(links.find((link) => link.attribs.rel === 'alternate')?.attribs.href, site.url);
  });

  it('gives each entry an id, title, updated date and alternate link, its summary and author when known', () => {
    const found = children(feed, 'entry');
    assert.equal(found.length, entries.length);
    found.forEach((entry, index) => {
      const expected = entries[index]!;
      assert.equal(text(only(entry, 'id')), expected.url);
      assert.equal(text(only(entry, 'title')), expected.title);
      assert.match(text(only(entry, 'updated')), RFC3339);
      assert.equal(Date.parse(text(only(entry, 'updated'))), expected.time);
      const link = only(entry, 'link');
      assert.equal(link.attribs.rel, 'alternate');
      assert.ok(isAbsoluteUrl(link.attribs.href!));
      assert.equal(children(entry, 'summary').map(text).join(''), expected.summary.replace('\u0007', ''));
      assert.equal(
        children(entry, 'author')
          .map((author) => text(only(author, 'name')))
          .join(''),
        expected.author ?? '',
      );
    });
  });
});

describe('RSS 2.0 feed', () => {
  const xml = renderRssFeed(site, entries);
  const rss = DomUtils.findOne((element) => element.name === 'rss', parse(xml).children)!;

  it('is well-formed XML, version 2.0, one channel', () => {
    assertWellFormedXml(xml);
    assert.equal(rss.attribs.version, '2.0');
    only(rss, 'channel');
  });

  it('has the channel title, link and description, and an RFC 822 lastBuildDate', () => {
    const channel = only(rss, 'channel');
    assert.equal(text(only(channel, 'title')), site.title);
    assert.equal(text(only(channel, 'link')), site.url);
    assert.equal(text(only(channel, 'description')), site.description);
    assert.match(text(only(channel, 'lastBuildDate')), RFC822);
  });

  it('gives each item its title, link, permalink guid, RFC 822 pubDate and description', () => {
    const items = children(only(rss, 'channel'), 'item');
    assert.equal(items.length, entries.length);
    items.forEach((item, index) => {
      const expected = entries[index]!;
      assert.equal(text(only(item, 'title')), expected.title);
      assert.equal(text(only(item, 'link')), expected.url);
      const guid = only(item, 'guid');
      assert.equal(guid.attribs.isPermaLink, 'true');
      assert.ok(isAbsoluteUrl(text(guid)));
      const pubDate = text(only(item, 'pubDate'));
      assert.match(pubDate, RFC822);
      assert.equal(Date.parse(pubDate), expected.time);
      assert.equal(children(item, 'description').map(text).join(''), expected.summary.replace('\u0007', ''));
    });
  });
});

describe('feeds without entries', () => {
  it('are still well-formed, with every required element of the feed and channel', () => {
    for (const xml of [renderAtomFeed(site, []), renderRssFeed(site, [])]) assertWellFormedXml(xml);
    const feed = DomUtils.findOne((element) => element.name === 'feed', parse(renderAtomFeed(site, [])).children)!;
    for (const name of ['id', 'title', 'updated', 'author']) only(feed, name);
  });
});
