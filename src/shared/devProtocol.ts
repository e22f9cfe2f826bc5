/**
 * What `wiki dev` tells open tabs over its event stream (types only: the dev server imports them too).
 * Routes are site routes without the base URL, e.g. "/web/nodejs/".
 */

/** A build problem as the overlay shows it: what, where, how to fix. */
export interface DevProblem {
  readonly code: string;
  readonly file?: string;
  readonly line?: number;
  readonly message: string;
  readonly hint?: string;
}

export type DevMessage =
  /** Sent on every (re)connect: a tab whose page is older than `version` reloads. */
  | {
      readonly type: 'hello';
      readonly session: string;
      readonly version: number;
      readonly problems: readonly DevProblem[];
    }
  /**
   * After a rebuild: pages in `content` changed only inside the note's content (swap it in place);
   * pages in `reload` changed elsewhere too (title, table of contents, sidebar) and reload, keeping scroll.
   */
  | {
      readonly type: 'update';
      readonly version: number;
      readonly content: readonly string[];
      readonly reload: readonly string[] | 'all';
      readonly problems: readonly DevProblem[];
    };

/** The dev server's endpoints (outside the site's own paths). */
export const devEventsPath = '/__wiki/dev/events';
export const devClientPath = '/__wiki/dev/client.js';
