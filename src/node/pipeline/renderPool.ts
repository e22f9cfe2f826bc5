/**
 * The render pool of `wiki build`: a worker thread that renders note pages and writes their files while the main
 * thread parses notes and renders the rest, so both cores render. The main thread offers each page and keeps it when
 * the worker's queue is long. Only sites rendered with the engine's own theme use it: a site's theme overrides are
 * bundled for the main thread alone.
 */
import type { DocPageModel } from '../../shared/types.js';
import { openWorkerChannel, type WorkerChannel } from '../workers.js';
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

type PoolChannel = WorkerChannel<RenderWorkerMessage, RenderWorkerReply>;

/**
 * A build that renders few pages (an edit's) starts the worker only once it has rendered this many itself: the worker's
 * start (React and the theme, ~0.2 s of the second core) would cost more than it renders, beside the index worker.
 */
const LAZY_START_PAGES = 8;

/**
 * Starts the worker now, so it loads React and the theme on the second core while the site is read; or, when `lazy`
 * (the last build's pages are cached: most will be reused), once the main thread has rendered LAZY_START_PAGES pages,
 * taking pages only from when it is ready.
 */
export function bootRenderPool(options: { readonly lazy: boolean }): RenderPoolBoot {
  let channel: PoolChannel | undefined;
  let failed = false;
  const open = () => {
    const opened: PoolChannel = openWorkerChannel('renderWorker');
    void opened.reply.then((message) => (failed = message.error !== undefined));
    return (channel = opened);
  };
  if (!options.lazy) open();
  const stop = async () => channel?.stop();
  const start = (writeTo: string, prefilled: boolean): RenderPool => {
    let first: DocPageSettings | undefined;
    let declined = 0; // pages the main thread rendered before a lazy worker was started
    let ready = !options.lazy;
    // Each sidebar's settings are sent once, the first with `start`: a page names its sidebar's by number.
    const shells = new Map<DocPageSettings, number>();
    const shellOf = (to: PoolChannel, settings: DocPageSettings) => {
      let id = shells.get(settings);
      if (id === undefined) {
        shells.set(settings, (id = shells.size));
        to.post({ addShell: { id, settings } });
      }
      return id;
    };
    const begin = (to: PoolChannel, settings: DocPageSettings) => {
      to.post({ start: { settings, writeTo, prefilled } });
      shells.set(settings, 0);
      return to;
    };
    return {
      start(settings) {
        first = settings;
        if (channel) begin(channel, settings);
      },
      offer(page, source, settings) {
        if (!first || failed) return false;
        if (!channel && ++declined < LAZY_START_PAGES) return false;
        const to = channel ?? begin(open(), first);
        // A worker started late takes pages once it has set up (handled its start), not queued while it loads.
        if (!ready && !(ready = to.queued() === 0)) return false;
        if (to.queued() > MAX_QUEUED) return false;
        const shell = settings === undefined ? 0 : shellOf(to, settings);
        to.post({ page, source, ...(shell !== 0 && { shell }) });
        return true;
      },
      async finish() {
        if (!channel || !first) {
          await stop();
          return [];
        }
        channel.post({ end: true });
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
