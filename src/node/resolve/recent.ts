/** The "Recently updated" page: the notes most recently changed, each with its date (see lastUpdate.ts). */
import { escapeAttribute, escapeHtml } from '../../shared/html.js';
import { hrefForRoute, type Route } from '../../shared/paths.js';
import type { DocPageModel } from '../../shared/types.js';
import type { SiteConfig } from '../config/schema.js';
import type { NoteDates } from '../notes/gitDates.js';
import type { NoteSummary } from '../notes/note.js';
import { joinDocsRoute } from './generatedIndex.js';
import { type RecentNote, resolveLastUpdate } from './lastUpdate.js';
import { buildPlainPageModel } from './tagPages.js';

/** The notes with a date, most recent first (ties by title), at most `limit` of them. */
export function listRecentNotes(
  docs: readonly NoteSummary[],
  dates: NoteDates | undefined,
  config: SiteConfig,
  limit: number,
): RecentNote[] {
  const dated: RecentNote[] = [];
  for (const doc of docs) {
    const resolved = resolveLastUpdate(doc, dates, { ...config, docs: { ...config.docs, showLastUpdateTime: true } });
    if (resolved?.time === undefined) continue;
    const { time, ...lastUpdate } = resolved;
    dated.push({ doc, time, lastUpdate });
  }
  dated.sort((a, b) => b.time - a.time || a.doc.title.localeCompare(b.doc.title));
  return dated.slice(0, limit);
}

/** The "Recently updated" page's route: `<routeBasePath>/recent`. */
export function recentRoute(config: SiteConfig): Route {
  return joinDocsRoute(config.docs.routeBasePath, 'recent', config.trailingSlash);
}

/** The "Recently updated" page: a plain page of the site listing the notes, each with its date and description. */
export function buildRecentPageModel(recent: readonly RecentNote[], config: SiteConfig): DocPageModel {
  const title = 'Recently updated';
  return buildPlainPageModel(
    {
      route: recentRoute(config),
      title,
      description: `The ${recent.length} most recently updated notes of ${config.title}`,
      contentHtml: renderRecentList(recent, config),
    },
    config,
  );
}

function renderRecentList(recent: readonly RecentNote[], config: SiteConfig): string {
  if (recent.length === 0) return '<p>No note has a date yet.</p>';
  const items = recent.map(({ doc, lastUpdate }) => {
    const href = escapeAttribute(hrefForRoute(doc.route, config.baseUrl));
    const time = `<time datetime="${escapeAttribute(lastUpdate.date ?? '')}">${escapeHtml(lastUpdate.dateText ?? '')}</time>`;
    const by = lastUpdate.author !== undefined ? ` by ${escapeHtml(lastUpdate.author)}` : '';
    const description = doc.description ? `<p>${escapeHtml(doc.description)}</p>` : '';
    return `<li class="recent-notes__item"><a href="${href}">${escapeHtml(doc.title)}</a> <span class="recent-notes__date">${time}${by}</span>${description}</li>`;
  });
  return `<ol class="recent-notes">${items.join('')}</ol>`;
}
