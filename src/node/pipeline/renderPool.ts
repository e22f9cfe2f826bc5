/**
 * The render pool of `wiki build`: a worker thread that renders note pages and writes their files while the main
 * thread parses notes and renders the rest, so both cores render. The main thread offers each page and keeps it when
 * the worker's queue is long. Only sites rendered with the engine's own theme use it: a site's theme overrides are
 * bundled for the main thread alone.
 */
import type { DocPageModel } from '../../shared/types.js';
import { openWorkerChannel } from '../workers.js';
import type { DocPageSettings } from './renderSite.js';

/** What the render worker is sent, in order: the settings and folder, pages, and the end. */
export type RenderWorkerMessage =
  | { readonly start: { readonly settings: DocPageSettings; readonly writeTo: string } }
  | { readonly page: DocPageModel; readonly source?: string | undefined }
  | { readonly end: true };

/**
 * The worker takes a page while at most this many wait for it: enough to keep it busy between two offers, few enough
 * that the main thread never idles at the end waiting for a long queue.
 */
const MAX_QUEUED = 32;

/** The pool as renderSite sees it. */
export interface PagePool {
  /** Called once, before any page is offered, with what every page renders with. */
  start(settings: DocPageSettings): void;
  /** True when the worker took the page (its files are then written there, not returned). */
  offer(page: DocPageModel, source: string | undefined): boolean;
}

export interface RenderPool extends PagePool {
  /** Waits until every page it took is written; rejects with the error that stopped it. */
  finish(): Promise<void>;
  stop(): Promise<void>;
}

/** A render pool whose worker is starting before the site is read. */
export interface RenderPoolBoot {
  /** The pool, writing into `writeTo`. */
  start(writeTo: string): RenderPool;
  /** Stops the worker (a no-op once it finished). */
  stop(): Promise<void>;
}

/** Starts the worker now, so it loads React and the theme on the second core while the site is read. */
export function bootRenderPool(): RenderPoolBoot {
  const channel = openWorkerChannel<RenderWorkerMessage, { error?: string }>('renderWorker');
  const { post, stop } = channel;
  let failed = false;
  void channel.reply.then((message) => (failed = message.error !== undefined));
  const start = (writeTo: string): RenderPool => {
    let started = false;
    return {
      start(settings) {
        post({ start: { settings, writeTo } });
        started = true;
      },
      offer(page, source) {
        if (!started || failed || channel.queued() > MAX_QUEUED) return false;
        post({ page, source });
        return true;
      },
      async finish() {
        if (started) post({ end: true });
        else return stop();
        const { error } = await channel.reply;
        await stop();
        if (error !== undefined) throw new Error(`The render worker failed: ${error}`);
      },
      stop,
    };
  };
  return { start, stop };
}
