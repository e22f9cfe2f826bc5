/**
 * The render pool of `wiki build`: a worker thread that renders note pages and writes their files while the main
 * thread parses notes and renders the rest, so both cores render. The main thread offers each page and keeps it when
 * the worker's queue is long. Only sites rendered with the engine's own theme use it: a site's theme overrides are
 * bundled for the main thread alone.
 */
import type { DocPageModel } from '../../shared/types.js';
import { openWorkerChannel } from '../workers.js';
import type { DocPageSettings } from './renderSite.js';

/**
 * What the render worker is sent, in order: the first sidebar's settings and the folder, pages, and the end. A page of
 * another sidebar (the recent page's, a second `sidebars` entry's) comes after that sidebar's settings, numbered.
 */
export type RenderWorkerMessage =
  | { readonly start: { readonly settings: DocPageSettings; readonly writeTo: string; readonly prefilled: boolean } }
  | { readonly addShell: { readonly id: number; readonly settings: DocPageSettings } }
  | { readonly page: DocPageModel; readonly source?: string | undefined; readonly shell?: number }
  | { readonly end: true };

/**
 * The worker takes a page while at most this many wait for it: enough to keep it busy between two offers, few enough
 * that the main thread never idles at the end waiting for a long queue.
 */
const MAX_QUEUED = 32;

/** What the render worker replies once: the files it wrote into a prefilled folder, or the error that stopped it. */
export interface RenderWorkerReply {
  readonly written?: readonly string[];
  readonly error?: string;
}

/** The pool as renderSite sees it. */
export interface PagePool {
  /** Called once, before any page is offered, with what the first sidebar's pages render with. */
  start(settings: DocPageSettings): void;
  /**
   * True when the worker took the page (its files are then written there, not returned); `settings`, what it renders
   * with, when that is not the first sidebar's.
   */
  offer(page: DocPageModel, source: string | undefined, settings?: DocPageSettings): boolean;
}

export interface RenderPool extends PagePool {
  /**
   * Waits until every page it took is written; rejects with the error that stopped it. Resolves with the site-relative
   * paths it wrote when its folder was prefilled (SiteWriterOptions.prefilled), else with none.
   */
  finish(): Promise<readonly string[]>;
  stop(): Promise<void>;
}

/** A render pool whose worker is starting before the site is read. */
export interface RenderPoolBoot {
  /** The pool, writing into `writeTo` (an older site to bring up to date when `prefilled`). */
  start(writeTo: string, prefilled: boolean): RenderPool;
  /** Stops the worker (a no-op once it finished). */
  stop(): Promise<void>;
}

/** Starts the worker now, so it loads React and the theme on the second core while the site is read. */
export function bootRenderPool(): RenderPoolBoot {
  const channel = openWorkerChannel<RenderWorkerMessage, RenderWorkerReply>('renderWorker');
  const { post, stop } = channel;
  let failed = false;
  void channel.reply.then((message) => (failed = message.error !== undefined));
  const start = (writeTo: string, prefilled: boolean): RenderPool => {
    let started = false;
    // Each sidebar's settings are sent once, the first with `start`: a page names its sidebar's by number.
    const shells = new Map<DocPageSettings, number>();
    const shellOf = (settings: DocPageSettings): number => {
      let id = shells.get(settings);
      if (id === undefined) {
        shells.set(settings, (id = shells.size));
        post({ addShell: { id, settings } });
      }
      return id;
    };
    return {
      start(settings) {
        post({ start: { settings, writeTo, prefilled } });
        shells.set(settings, 0);
        started = true;
      },
      offer(page, source, settings) {
        if (!started || failed || channel.queued() > MAX_QUEUED) return false;
        const shell = settings === undefined ? 0 : shellOf(settings);
        post({ page, source, ...(shell !== 0 && { shell }) });
        return true;
      },
      async finish() {
        if (!started) {
          await stop();
          return [];
        }
        post({ end: true });
        const { error, written = [] } = await channel.reply;
        await stop();
        if (error !== undefined) throw new Error(`The render worker failed: ${error}`);
        return written;
      },
      stop,
    };
  };
  return { start, stop };
}
