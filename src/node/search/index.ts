/**
 * The search stage of the build: the modal's stylesheet for every provider, and for the embedded provider
 * ('local') the index, built in a worker thread so it runs beside page rendering on the second core.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import type { SearchRuntime } from '../../shared/search.js';
import type { BuildContext } from '../build/context.js';
import type { SiteFile } from '../build/emit.js';
import type { SiteData } from '../build/loadSite.js';
import type { SiteConfig } from '../config/schema.js';
import { type LocalIndexInput, packHtml } from './indexFiles.js';
import { SEARCH_DOCS_TAG, SEARCH_LANGUAGE } from './records.js';
import { enginePath } from '../engineRoot.js';
import { startWorker } from '../workers.js';

/** Where the search files go in the site (not under assets/: their names are not content-hashed). */
export const INDEX_DIR = 'search/';
export const STYLESHEET_FILE = 'search/docsearch.css';
/** Older names that src/node/dev/devSite.ts checks: every index file is under INDEX_DIR (index.json is the entry). */
export const PAGEFIND_DIR = INDEX_DIR;
export const HEADINGS_FILE = `${INDEX_DIR}index.json`;

const require = createRequire(enginePath('package.json'));

export interface SearchIndexInput {
  readonly site: SiteData;
  readonly config: SiteConfig;
}

/** A search index being built beside rendering. */
export interface SearchIndexJob {
  /** The site's files, then the search files (waiting for the worker synchronously: the page writer pulls them). */
  appendTo(files: Iterable<SiteFile>, context: BuildContext): Iterable<SiteFile>;
}

/**
 * Starts building the search files: the modal's stylesheet, and for the embedded provider the index, in a worker
 * thread that runs while the main thread renders pages (measured on the real corpus: see bench/search.ts).
 */
export function startSearchIndex(input: SearchIndexInput): SearchIndexJob {
  const stylesheet: SiteFile = [STYLESHEET_FILE, readModalStylesheet()];
  const worker = input.config.search.provider === 'local' ? startIndexWorker(toLocalIndexInput(input)) : undefined;
  return {
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

/** Only what records are made of crosses to the worker (the notes' HTML, headings, titles, breadcrumbs). */
function toLocalIndexInput({ site, config }: SearchIndexInput): LocalIndexInput {
  return {
    docs: site.docs.map((doc) => ({ id: doc.id, route: doc.route, title: doc.title, contentHasTitle: doc.contentHasTitle, headings: doc.headings.map((h) => ({ id: h.id, text: h.text })) })),
    ...packHtml(site.docs.map((doc) => doc.html)),
    pages: site.docPages.map((page) => ({ route: page.route, breadcrumbs: page.breadcrumbs })),
    urlPrefix: config.baseUrl,
    indexDir: INDEX_DIR,
  };
}

/** The worker reports on its own port and flips a shared flag, so the page writer can wait without an event loop. */
function startIndexWorker(input: LocalIndexInput): { takeFiles(): Map<string, string> } {
  const done = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = startWorker('indexWorker', { workerData: { input, done, port: port2 }, transferList: [port2, input.html.buffer as ArrayBuffer] });
  let failure: Error | undefined;
  worker.once('error', (error) => (failure = error));
  worker.unref();
  let files: Map<string, string> | undefined;
  return {
    takeFiles() {
      if (files) return files;
      if (Atomics.wait(done, 0, 0, WORKER_TIMEOUT_MS) === 'timed-out') failure ??= new Error(`no answer in ${WORKER_TIMEOUT_MS / 1000} s`);
      const reply = receiveMessageOnPort(port1)?.message as IndexWorkerReply | undefined;
      void worker.terminate();
      if (reply?.files) return (files = reply.files);
      throw new Error(`Could not build the search index: ${reply?.error ?? failure?.message ?? 'its worker thread stopped'}`, { cause: failure });
    },
  };
}

const WORKER_TIMEOUT_MS = 300_000;

/** What the index worker sends back: the files, or the error that stopped it. */
export interface IndexWorkerReply {
  readonly files?: Map<string, string>;
  readonly error?: string;
}
