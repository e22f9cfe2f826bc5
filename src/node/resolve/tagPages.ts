/** The tags list page (nested tags under their parents) and each tag's page, as plain pages of the site. */
import { escapeAttribute, escapeHtml } from '../../shared/html.js';
import { asDocId, hrefForRoute, type Route } from '../../shared/paths.js';
import type { DocPageModel } from '../../shared/types.js';
import type { SiteConfig } from '../config/schema.js';
import { buildHeadTags, formatDocumentTitle } from './pageModels.js';
import type { SiteTags, TagEntry } from './tags.js';

/** The tags list page and one page per tag: plain pages of the site (no sidebar), their lists rendered here. */
export function buildTagPageModels(siteTags: SiteTags, config: SiteConfig): DocPageModel[] {
  if (siteTags.tags.size === 0) return [];
  const entries = [...siteTags.tags.values()];
  const href = (route: string) => escapeAttribute(hrefForRoute(route as Route, config.baseUrl));
  const children = groupByParent(entries);
  const list = buildPlainPageModel(
    {
      route: siteTags.listRoute,
      title: 'Tags',
      description: '',
      contentHtml: renderTagsList(entries, children, href),
    },
    config,
  );
  return [
    list,
    ...entries.map((entry) => {
      const count = entry.docs.length;
      const title = `${count} doc${count === 1 ? '' : 's'} tagged with "${entry.label}"`;
      return buildPlainPageModel(
        {
          route: entry.href,
          title,
          description: entry.description ?? '',
          contentHtml: renderTagDocs(entry, children.get(entry.href) ?? [], siteTags, href),
        },
        config,
      );
    }),
  ];
}

/** A page of the site that no note is behind and no sidebar lists (tag pages, the recently updated notes). */
export function buildPlainPageModel(
  input: { route: Route; title: string; description: string; contentHtml: string },
  config: SiteConfig,
): DocPageModel {
  return {
    kind: 'doc',
    route: input.route,
    docId: asDocId(input.route),
    title: input.title,
    documentTitle: formatDocumentTitle(input.title, config),
    description: input.description,
    keywords: [],
    contentHtml: input.contentHtml,
    contentHasTitle: false,
    hideTitle: false,
    toc: [],
    hideTableOfContents: true,
    breadcrumbs: [{ label: input.title }],
    head: buildHeadTags(
      { route: input.route, title: input.title, description: input.description, keywords: [] },
      config,
    ),
  };
}

/** Each tag's nested tags, by the parent's route. */
function groupByParent(entries: readonly TagEntry[]): Map<string, TagEntry[]> {
  const children = new Map<string, TagEntry[]>();
  for (const entry of entries)
    if (entry.parent !== undefined) children.set(entry.parent, [...(children.get(entry.parent) ?? []), entry]);
  return children;
}

const byLabel = (a: TagEntry, b: TagEntry) => a.label.localeCompare(b.label);

/**
 * Top-level tags grouped by first letter, each with its number of notes, as Docusaurus's tags list page shows them;
 * nested tags listed under their parent, like folders (Quartz).
 */
function renderTagsList(
  entries: readonly TagEntry[],
  children: ReadonlyMap<string, readonly TagEntry[]>,
  href: (route: string) => string,
): string {
  const sorted = entries.filter((entry) => entry.parent === undefined).sort(byLabel);
  const groups = new Map<string, TagEntry[]>();
  for (const entry of sorted) {
    const letter = entry.label.charAt(0).toUpperCase();
    groups.set(letter, [...(groups.get(letter) ?? []), entry]);
  }
  const renderItems = (items: readonly TagEntry[]): string =>
    items
      .map((entry) => {
        const nested = children.get(entry.href);
        const inner = nested
          ? `<ul class="tags-list tags-list--nested">${renderItems([...nested].sort(byLabel))}</ul>`
          : '';
        return `<li><a class="tag" href="${href(entry.href)}">${escapeHtml(entry.label)}<span class="tag__count">${entry.docs.length}</span></a>${inner}</li>`;
      })
      .join('');
  const sections = [...groups].map(
    ([letter, group]) =>
      `<article class="tags-list__group"><h2>${escapeHtml(letter)}</h2><ul class="tags-list">${renderItems(group)}</ul></article>`,
  );
  return `<section class="tags-page">${sections.join('')}</section>`;
}

/** A tag's description, its nested tags, a link to every tag, then its notes (title and description). */
function renderTagDocs(
  entry: TagEntry,
  nested: readonly TagEntry[],
  siteTags: SiteTags,
  href: (route: string) => string,
): string {
  const docs = entry.docs.map(
    (doc) =>
      `<article class="tag-doc"><a href="${href(doc.route)}"><h2>${escapeHtml(doc.title)}</h2></a>${doc.description ? `<p>${escapeHtml(doc.description)}</p>` : ''}</article>`,
  );
  const nestedLinks = [...nested]
    .sort(byLabel)
    .map((child) => `<li><a class="tag" href="${href(child.href)}">${escapeHtml(child.label)}</a></li>`);
  return [
    entry.description ? `<p class="tag-page__description">${escapeHtml(entry.description)}</p>` : '',
    nestedLinks.length > 0 ? `<ul class="tags tag-page__nested">${nestedLinks.join('')}</ul>` : '',
    `<p><a class="tag-page__all" href="${href(siteTags.listRoute)}">View all tags</a></p>`,
    `<section class="tag-page__docs">${docs.join('')}</section>`,
  ].join('');
}
