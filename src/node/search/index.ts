/**
 * The search stage of the build: the modal's stylesheet for every provider, and for the embedded provider
 * ('local') the index, built in a worker thread so it runs beside page rendering on the second core.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import type { SearchRuntime } from '../../shared/search.js';
import type { BuildContext } from '../context.js';
import type { SiteFile } from '../pipeline/emit.js';
import type { PageHelper } from '../pipeline/renderSite.js';
import type { SiteConfig } from '../config/schema.js';
import { DONE, HANDLED, type IndexWorkerMessage, type LocalIndexInput, POSTED, SIGNALS } from './indexFiles.js';
import { type RecordNote, type RecordPage, SEARCH_DOCS_TAG, SEARCH_LANGUAGE } from './records.js';
import { enginePath } from '../engineRoot.js';
import { startWorker } from '../workers.js';

/** Where the search files go in the site (not under assets/: their names are not content-hashed). */
export const INDEX_DIR = 'search/';
export const STYLESHEET_FILE = 'search/docsearch.css';
/** The index's entry file (titles, headings, chunk table): every other index file is under INDEX_DIR too. */
export const HEADINGS_FILE = `${INDEX_DIR}index.json`;

const require = createRequire(enginePath('package.json'));

export interface SearchIndexInput {
  /** The notes' pages (their breadcrumbs give each hit its group). */
  readonly pages: readonly RecordPage[];
  readonly config: SiteConfig;
  /** The site folder being written: the worker writes the index files there (else they come back as files). */
  readonly writeTo?: string;
  /** With `writeTo`: the worker also renders and writes the note pages it has time for (see `pageHelper`). */
  readonly renderPages?: boolean;
}

/** A search index being built beside rendering. */
export interface SearchIndexJob {
  /** Hands the index a rendered note, in page order: the worker indexes it while later notes render. */
  add(doc: RecordNote): void;
  /** Says the last note was added: the worker writes the index while the main thread still renders pages. */
  endNotes(): void;
  /** The site's files, then the search files (waiting for the worker synchronously: the page writer pulls them). */
  appendTo(files: Iterable<SiteFile>, context: BuildContext): Iterable<SiteFile>;
  /** Stops the worker (a build that failed midway), so it writes no more into a folder about to be removed. */
  stop(): Promise<void>;
  /** The worker as a page helper (with `renderPages`): it renders and writes the note pages it has time for. */
  readonly pageHelper?: PageHelper;
}

/**
 * Starts building the search files: the modal's stylesheet, and for the embedded provider the index, in a worker
 * thread that runs while the main thread renders pages (measured on the real corpus: see bench/search.ts).
 */
export function startSearchIndex(input: SearchIndexInput): SearchIndexJob {
  return bootSearchIndex(input.config, { preloadPages: input.renderPages === true }).start(input);
}

/** A search index whose worker is starting before the site is read. */
export interface SearchIndexBoot {
  start(input: Omit<SearchIndexInput, 'config'>): SearchIndexJob;
  /** Stops the worker when the build ends before it started the index. */
  cancel(): Promise<void>;
}

/**
 * Starts the embedded index's worker now, so it loads its modules (with `preloadPages`, the page renderer's too) while
 * the main thread reads the site (`wiki build`: ~0.15 s on the second core that had nothing else to do).
 */
export function bootSearchIndex(config: SiteConfig, options: { preloadPages: boolean }): SearchIndexBoot {
  const worker = config.search.provider === 'local' ? bootIndexWorker(options.preloadPages) : undefined;
  return {
    start: (input) => startSearchJob({ ...input, config }, worker),
    cancel: async () => worker?.stop(),
  };
}

function startSearchJob(input: SearchIndexInput, booted: BootedIndexWorker | undefined): SearchIndexJob {
  const stylesheet: SiteFile = [STYLESHEET_FILE, readModalStylesheet()];
  const { config } = input;
  const renderPages = input.renderPages === true && input.writeTo !== undefined;
  const worker = booted?.start({ pages: input.pages, urlPrefix: config.baseUrl, indexDir: INDEX_DIR, ...(input.writeTo !== undefined && { writeTo: input.writeTo }) }, renderPages);
  return {
    add: (doc) => worker?.add(doc),
    endNotes: () => worker?.endNotes(),
    stop: async () => worker?.stop(),
    ...(worker && renderPages && { pageHelper: worker.pageHelper }),
    *appendTo(files, context) {
      yield* files;
      yield stylesheet;
      if (!worker) return;
      const started = performance.now();
      const local = worker.takeFiles();
      context.timings.set('search', performance.now() - started);
      yield* local;
    },
  };
}

/** What the browser needs: the `search` field of the boot runtime object. */
export function buildSearchRuntime(config: SiteConfig): SearchRuntime {
  const { search } = config;
  const base = config.baseUrl;
  return {
    provider: search.provider,
    searchPagePath: `${base}${search.searchPagePath.replace(/^\/|\/$/g, '')}`,
    stylesheetUrl: `${base}${STYLESHEET_FILE}`,
    indexUrl: `${base}${INDEX_DIR}`,
    appId: search.appId,
    apiKey: search.apiKey,
    indexName: search.indexName,
    host: search.host,
    facetFilters: search.searchParameters.facetFilters ?? [],
    contextualSearch: search.contextualSearch,
    locale: SEARCH_LANGUAGE,
    docsTags: ['default', SEARCH_DOCS_TAG],
    ...(search.externalUrlRegex !== undefined && { externalUrlRegex: search.externalUrlRegex }),
    ...(search.replaceSearchResultPathname && { replaceSearchResultPathname: search.replaceSearchResultPathname }),
    missingResultsUrl: search.missingResultsUrl ?? defaultMissingResultsUrl(config.editUrl),
  };
}

/** A GitHub edit URL's repository gets 'Let us know.' as a new issue; other hosts get no link. */
function defaultMissingResultsUrl(editUrl: string | undefined): string {
  const repo = editUrl && /^(https:\/\/github\.com\/[^/]+\/[^/]+)/.exec(editUrl)?.[1];
  return repo ? `${repo}/issues/new?title=${encodeURIComponent('Search: no results for "')}{query}${encodeURIComponent('"')}` : '';
}

function readModalStylesheet(): string {
  const docsearchCss = fs.readFileSync(require.resolve('@docsearch/css/dist/style.css'), 'utf8');
  const themeCss = fs.readFileSync(enginePath('src/client/search/modal.css'), 'utf8');
  return `${docsearchCss}\n${themeCss}`;
}

/**
 * Notes cross to the worker in batches of this much HTML (or BATCH_NOTES notes), one message each.
 * Small enough that a batch's notes do not pile up on either side: the real corpus peaked at 395-421 MB with batches
 * of 1,000,000 characters or 200 notes, and at 350-355 MB with these, in the same time (3 builds each).
 */
const BATCH_CHARS = 250_000;
const BATCH_NOTES = 50;

interface BootedIndexWorker {
  /** Sends the worker what it indexes from (its first message), and with `renderPages` lets it take pages. */
  start(input: LocalIndexInput, renderPages: boolean): IndexWorkerJob;
  stop(): Promise<void>;
}

interface IndexWorkerJob {
  add(doc: RecordNote): void;
  endNotes(): void;
  takeFiles(): Map<string, string>;
  stop(): Promise<void>;
  pageHelper: PageHelper;
}

/**
 * The worker gets notes in batches on one port and replies on another; shared counters (messages posted, messages
 * handled, done) let both sides wait without an event loop: the page writer is synchronous, and so is the worker's
 * indexing. Between batches it renders the pages it is handed, so the second core renders too when indexing leaves
 * it idle (10,000 synthetic notes: the worker waited for notes half the time).
 */
function bootIndexWorker(preloadPages: boolean): BootedIndexWorker {
  const signal = new Int32Array(new SharedArrayBuffer(4 * SIGNALS));
  const replies = new MessageChannel();
  const docs = new MessageChannel();
  const worker = startWorker('indexWorker', { workerData: { preloadPages, signal, docs: docs.port2, port: replies.port2 }, transferList: [docs.port2, replies.port2] });
  let failure: Error | undefined;
  worker.once('error', (error) => (failure = error));
  worker.unref();
  const post = (message: IndexWorkerMessage) => {
    docs.port1.postMessage(message);
    Atomics.add(signal, POSTED, 1);
    Atomics.notify(signal, POSTED);
  };
  let batch: RecordNote[] = [];
  let batchChars = 0;
  const flush = () => {
    if (batch.length === 0) return;
    post({ docs: batch.map(({ id, route, title, contentHasTitle, headings, html }) => ({ id, route, title, contentHasTitle, html, headings: headings.map((h) => ({ id: h.id, text: h.text })) })) });
    batch = [];
    batchChars = 0;
  };
  let files: Map<string, string> | undefined;
  let rendering = false;
  let notesEnded = false;
  const endNotes = () => {
    if (notesEnded) return;
    flush();
    post({ end: true });
    notesEnded = true;
  };
  const stop = async () => void (await worker.terminate());
  const job: IndexWorkerJob = {
    add(doc) {
      batch.push(doc);
      batchChars += doc.html.length;
      if (batchChars >= BATCH_CHARS || batch.length >= BATCH_NOTES) flush();
    },
    endNotes,
    stop,
    takeFiles() {
      if (files) return files;
      endNotes();
      const timedOut = Atomics.wait(signal, DONE, 0, WORKER_TIMEOUT_MS) === 'timed-out';
      const reply = receiveMessageOnPort(replies.port1)?.message as IndexWorkerReply | undefined;
      void worker.terminate();
      if (reply?.files) return (files = reply.files);
      if (timedOut) failure ??= new Error(`no answer in ${WORKER_TIMEOUT_MS / 1000} s`);
      throw new Error(`Could not build the search index (or write the pages its worker took): ${reply?.error ?? failure?.message ?? 'its worker thread stopped'}`, { cause: failure });
    },
    pageHelper: {
      start(settings) {
        post({ settings });
        rendering = true;
      },
      // Only while its queue is short, and never after the last note: the worker writes the index then, while this
      // thread writes the last pages (pages queued behind the index kept it waiting ~35-90 ms on the real corpus).
      take(page) {
        if (!rendering || notesEnded || failure || Atomics.load(signal, POSTED) - Atomics.load(signal, HANDLED) > HELPER_MAX_QUEUED) return false;
        post({ page });
        return true;
      },
    },
  };
  return {
    stop,
    start(input, renderPages) {
      post({ start: { input, renderPages } });
      return job;
    },
  };
}

const WORKER_TIMEOUT_MS = 300_000;

/**
 * The page helper takes a page while at most this many messages wait for the worker. A page costs it about 1 ms, a
 * batch of notes tens: with 1 (the message in hand) it took 300-450 of the real corpus's pages, with 8 530-690. Since
 * the worker writes the index as soon as the last note comes, 32 keeps it busier: 3.11 -> 3.04 s median (8
 * alternating builds each), ~700 pages taken.
 */
const HELPER_MAX_QUEUED = 32;

/** What the index worker sends back: the files, or the error that stopped it. */
export interface IndexWorkerReply {
  readonly files?: Map<string, string>;
  readonly error?: string;
}
