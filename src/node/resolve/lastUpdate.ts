/**
 * When each note last changed, as its page shows it: front matter `last_update` first, then git's date and author
 * (or the file's time) when `showLastUpdateTime` / `showLastUpdateAuthor` ask for them.
 */
import type { LastUpdate } from '../../shared/types.js';
import type { SiteConfig } from '../config/schema.js';
import type { NoteDates } from '../notes/gitDates.js';
import type { NoteSummary } from '../notes/note.js';

/** A note with the date it last changed (what the recent page and the feeds list). */
export interface RecentNote {
  readonly doc: NoteSummary;
  /** Milliseconds since the epoch. */
  readonly time: number;
  readonly lastUpdate: LastUpdate;
}

/** Whether the build reads the notes' dates (git, or the files' times): one of the options that show them is on. */
export function wantsNoteDates(config: SiteConfig): boolean {
  const { showLastUpdateTime, showLastUpdateAuthor, feeds } = config.docs;
  return showLastUpdateTime || showLastUpdateAuthor || feeds === true;
}

/** Whether the site has the "Recently updated" page. */
export function hasRecentPage(config: SiteConfig): boolean {
  return config.docs.showLastUpdateTime && config.docs.recent > 0;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A date as the page shows it, in UTC: what Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year:
 * 'numeric', timeZone: 'UTC' }) gives ("Nov 26, 2026"), without making one: that took 12 ms of every build's start.
 */
export function formatDateText(time: number): string {
  const date = new Date(time);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * A note's last update as its page shows it: front matter `last_update` wins field by field; the date git (or the
 * file) gives fills in when the config shows times, its author when it shows authors. Undefined when nothing shows.
 */
export function resolveLastUpdate(
  doc: Pick<NoteSummary, 'frontMatter' | 'sourcePath'>,
  dates: NoteDates | undefined,
  config: SiteConfig,
): (LastUpdate & { readonly time?: number }) | undefined {
  const written = doc.frontMatter.last_update;
  const known = dates?.get(doc.sourcePath);
  const time = lastUpdateTime(doc, dates, config.docs.showLastUpdateTime);
  const author = written?.author ?? (config.docs.showLastUpdateAuthor ? known?.author : undefined);
  if (time === undefined && author === undefined) return undefined;
  return {
    ...(time !== undefined && { date: new Date(time).toISOString(), dateText: formatDateText(time), time }),
    ...(author !== undefined && { author }),
  };
}

/**
 * When a note last changed (milliseconds since the epoch), as resolveLastUpdate dates it: front matter
 * `last_update.date` when it is a date, else, when `fromDates`, git's date (or the file's time).
 */
export function lastUpdateTime(
  doc: Pick<NoteSummary, 'frontMatter' | 'sourcePath'>,
  dates: NoteDates | undefined,
  fromDates: boolean,
): number | undefined {
  const written = doc.frontMatter.last_update?.date;
  const writtenTime = written === undefined ? undefined : new Date(written).getTime();
  if (writtenTime !== undefined && !Number.isNaN(writtenTime)) return writtenTime;
  return fromDates ? dates?.get(doc.sourcePath)?.time : undefined;
}
