/**
 * The Atom (RFC 4287) and RSS 2.0 feeds of the recently updated notes, `atom.xml` and `rss.xml` at the site's root,
 * with absolute URLs from the config's `url` and `baseUrl`; every page's head links both.
 */
import { hrefForRoute, type Route } from '../../shared/paths.js';
import type { HeadTag } from '../../shared/types.js';
import type { SiteConfig } from '../config/schema.js';
import type { SiteFile } from '../siteWriter.js';
import type { RecentNote } from './lastUpdate.js';
import { resolveLocale } from './themeSettings.js';

export const ATOM_FILE = 'atom.xml';
export const RSS_FILE = 'rss.xml';

/** One note of a feed, every URL absolute. */
export interface FeedEntry {
  readonly title: string;
  readonly url: string;
  /** Milliseconds since the epoch. */
  readonly time: number;
  readonly author?: string;
  readonly summary: string;
}

/** What a feed says of the site. */
export interface FeedSite {
  readonly title: string;
  readonly description: string;
  /** The site's home, absolute ("https://example.com/wiki/"). */
  readonly url: string;
  readonly language: string;
}

/** Whether the site has feeds: `docs.feeds`, on by default with `showLastUpdateTime`, and some notes to list. */
export function hasFeeds(config: SiteConfig): boolean {
  return (config.docs.feeds ?? config.docs.showLastUpdateTime) && config.docs.recent > 0;
}

/** The site's absolute home URL: the config's `url` and `baseUrl`. */
export function siteHomeUrl(config: Pick<SiteConfig, 'url' | 'baseUrl'>): string {
  return `${config.url.replace(/\/$/, '')}${config.baseUrl}`;
}

/** A route's absolute URL. */
export function absoluteRouteUrl(route: Route, config: Pick<SiteConfig, 'url' | 'baseUrl'>): string {
  return `${config.url.replace(/\/$/, '')}${hrefForRoute(route, config.baseUrl)}`;
}

/** The head links to both feeds, for every page of a site that has them. */
export function feedHeadTags(config: SiteConfig): HeadTag[] {
  if (!hasFeeds(config)) return [];
  const home = siteHomeUrl(config);
  const link = (type: string, file: string, name: string): HeadTag => ({
    tag: 'link',
    attributes: { rel: 'alternate', type, href: `${home}${file}`, title: `${config.title} ${name} Feed` },
  });
  return [link('application/atom+xml', ATOM_FILE, 'Atom'), link('application/rss+xml', RSS_FILE, 'RSS')];
}

/** Both feed files of the recently updated notes (none when the site has no feeds). */
export function buildFeedFiles(recent: readonly RecentNote[], config: SiteConfig): SiteFile[] {
  if (!hasFeeds(config)) return [];
  const site: FeedSite = {
    title: config.title,
    description: config.tagline || config.title,
    url: siteHomeUrl(config),
    language: resolveLocale(config).htmlLang,
  };
  const entries = recent.map(({ doc, time, lastUpdate }) => ({
    title: doc.title,
    url: absoluteRouteUrl(doc.route, config),
    time,
    ...(lastUpdate.author !== undefined && { author: lastUpdate.author }),
    summary: doc.description,
  }));
  return [
    [ATOM_FILE, renderAtomFeed(site, entries)],
    [RSS_FILE, renderRssFeed(site, entries)],
  ];
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text for XML content or a quoted attribute; characters XML 1.0 forbids (most control characters) are dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

/** An Atom feed: feed id, title, updated, author and links; each entry's id, title, link, updated and summary. */
export function renderAtomFeed(site: FeedSite, entries: readonly FeedEntry[]): string {
  const updated = new Date(Math.max(0, ...entries.map((entry) => entry.time))).toISOString();
  const items = entries.map((entry) =>
    [
      '  <entry>',
      `    <id>${escapeXml(entry.url)}</id>`,
      `    <title>${escapeXml(entry.title)}</title>`,
      `    <link rel="alternate" href="${escapeXml(entry.url)}"/>`,
      `    <updated>${new Date(entry.time).toISOString()}</updated>`,
      ...(entry.author !== undefined ? [`    <author><name>${escapeXml(entry.author)}</name></author>`] : []),
      ...(entry.summary ? [`    <summary>${escapeXml(entry.summary)}</summary>`] : []),
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(site.language)}">`,
    `  <id>${escapeXml(site.url)}</id>`,
    `  <title>${escapeXml(site.title)}</title>`,
    `  <subtitle>${escapeXml(site.description)}</subtitle>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(site.url + ATOM_FILE)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(site.url)}"/>`,
    // RFC 4287 wants an author on the feed or on every entry: the site stands in for entries without one.
    `  <author><name>${escapeXml(site.title)}</name></author>`,
    ...items,
    '</feed>',
    '',
  ].join('\n');
}

/** An RSS 2.0 feed: channel title, link and description; each item's title, link, guid, RFC 822 pubDate, description. */
export function renderRssFeed(site: FeedSite, entries: readonly FeedEntry[]): string {
  const lastBuild = new Date(Math.max(0, ...entries.map((entry) => entry.time))).toUTCString();
  const items = entries.map((entry) =>
    [
      '    <item>',
      `      <title>${escapeXml(entry.title)}</title>`,
      `      <link>${escapeXml(entry.url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(entry.url)}</guid>`,
      `      <pubDate>${new Date(entry.time).toUTCString()}</pubDate>`,
      ...(entry.summary ? [`      <description>${escapeXml(entry.summary)}</description>`] : []),
      ...(entry.author !== undefined ? [`      <dc:creator>${escapeXml(entry.author)}</dc:creator>`] : []),
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(site.title)}</title>`,
    `    <link>${escapeXml(site.url)}</link>`,
    `    <description>${escapeXml(site.description)}</description>`,
    `    <language>${escapeXml(site.language)}</language>`,
    `    <lastBuildDate>${lastBuild}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(site.url + RSS_FILE)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
