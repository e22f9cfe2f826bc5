/** The "Recently updated" page: the notes most recently changed, each with its date (see lastUpdate.ts). */
import { escapeAttribute, escapeHtml } from '../../shared/html.js';
import { hrefForRoute, type Route } from '../../shared/paths.js';
import type { DocPageModel } from '../../shared/types.js';
import type { SiteConfig } from '../config/schema.js';
import type { NoteDates } from '../notes/gitDates.js';
import type { NoteSummary } from '../notes/note.js';
import { joinDocsRoute } from './generatedIndex.js';
import { lastUpdateTime, type RecentNote, resolveLastUpdate } from './lastUpdate.js';
import { buildPlainPageModel } from './tagPages.js';

/** The notes with a date, most recent first (ties by title), at most `limit` of them. */
export function listRecentNotes(
  docs: readonly NoteSummary[],
  dates: NoteDates | undefined,
  config: SiteConfig,
  limit: number,
): RecentNote[] {
  const timed: { doc: NoteSummary; time: number }[] = [];
  for (const doc of docs) {
    const time = lastUpdateTime(doc, dates, true);
    if (time !== undefined) timed.push({ doc, time });
  }
  // Only the latest `limit` (and those tied with the last of them) are sorted by title and have their dates written:
  // titles compare by locale, slowly, and every note of a site copied at once may share its time.
  const cut = latestTime(timed, limit);
  const shown = { ...config, docs: { ...config.docs, showLastUpdateTime: true } };
  return timed
    .filter(({ time }) => time >= cut)
    .sort((a, b) => b.time - a.time || a.doc.title.localeCompare(b.doc.title))
    .slice(0, limit)
    .map(({ doc, time }) => {
      const { time: _time, ...lastUpdate } = resolveLastUpdate(doc, dates, shown)!;
      return { doc, time, lastUpdate };
    });
}

/** The `limit`-th latest time (the earliest a listed note can have), or -Infinity when there are no more notes. */
function latestTime(timed: readonly { time: number }[], limit: number): number {
  if (limit <= 0) return Infinity;
  if (timed.length <= limit) return -Infinity;
  const times = Float64Array.from(timed, ({ time }) => time).sort();
  return times[times.length - limit]!;
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
