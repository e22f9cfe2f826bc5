/**
 * The search stage of the build: the modal's stylesheet for every provider, and for the embedded provider
 * ('local') the index, built in a worker thread so it runs beside page rendering on the second core.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SearchRuntime } from '../../shared/search.js';
import type { SiteFile } from '../siteWriter.js';
import type { SiteConfig } from '../config/schema.js';
import {
  buildLocalIndexFiles,
  type IndexWorkerMessage,
  type IndexWorkerReply,
  type LocalIndexInput,
} from './indexFiles.js';
import { type RecordNote, type RecordPage, SEARCH_DOCS_TAG, SEARCH_LANGUAGE } from './records.js';
import type { IndexedNote } from './spliceIndex.js';
import { enginePath } from '../engineRoot.js';
import { openWorkerChannel } from '../workers.js';
import type { FileStamp } from '../pipeline/outputStamps.js';

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
  /** The site `writeTo` replaces: index files that come out the same are linked from there (SiteWriterOptions). */
  readonly reuseFrom?: string;
  /** `writeTo` holds an older site to bring up to date (SiteWriterOptions.prefilled). */
  readonly prefilled?: boolean;
  /** `reuseFrom`'s index is the last build's, of the same pages: splice it (LocalIndexInput.splice). */
  readonly splice?: boolean;
}

/**
 * What a search index job leaves: the files still to write, those its worker wrote into a prefilled folder, and what
 * its worker put into the site folder: the stamps of the files it wrote, the paths of those it linked from the last
 * build's (none without a worker; absent when the job made no index).
 */
export interface SearchIndexResult {
  readonly files: SiteFile[];
  readonly written: readonly string[];
  readonly stamps?: readonly FileStamp[];
  readonly kept?: readonly string[];
}

/** A search index being built beside rendering: it consumes the rendered notes, and renders nothing. */
export interface SearchIndexJob {
  /**
   * Hands the index a rendered note, in page order: the worker indexes it while later notes render. In a splice, an
   * `unchanged` note's part of the last index holds: it is sent without its HTML.
   */
  add(note: RecordNote, unchanged?: boolean): void;
  /** Says the last note was added: the worker writes the index while the last pages are still being written. */
  end(): void;
  /**
   * Says the last note was added (if not yet said) and waits for the index: resolves with the search files still to write (the modal's
   * stylesheet, and the index files when the worker was not given a folder to write them into).
   */
  finish(): Promise<SearchIndexResult>;
  /** Stops the worker (a build that failed midway), so it writes no more into a folder about to be removed. */
  stop(): Promise<void>;
}

/**
 * The search files built in this thread from notes at hand (`wiki dev`, whose heap already holds every note): a
 * worker's own heap and its copies of every note's HTML made the dev server's peak half again as high.
 */
export function buildSearchFiles(input: SearchIndexInput, notes: Iterable<RecordNote>): SiteFile[] {
  const files: SiteFile[] = [modalStylesheet()];
  if (input.config.search.provider !== 'local') return files;
  buildLocalIndexFiles(localIndexInput(input), notes, (relPath, text) => files.push([relPath, text]));
  return files;
}

/** What the embedded index is built from besides the notes, wherever it is built. */
function localIndexInput(input: SearchIndexInput): LocalIndexInput {
  return {
    // Only what records read: the full page models (head tags, backlinks...) cloned into the worker were most of its heap.
    pages: input.pages.map(({ route, breadcrumbs }) => ({ route, breadcrumbs })),
    urlPrefix: input.config.baseUrl,
    indexDir: INDEX_DIR,
    ...(input.writeTo !== undefined && { writeTo: input.writeTo }),
    ...(input.reuseFrom !== undefined && { reuseFrom: input.reuseFrom }),
    ...(input.prefilled === true && { prefilled: true }),
    ...(input.splice === true && { splice: true }),
  };
}

function modalStylesheet(): SiteFile {
  return [STYLESHEET_FILE, readModalStylesheet()];
}

/** A search index whose worker is starting before the site is read. */
export interface SearchIndexBoot {
  start(input: Omit<SearchIndexInput, 'config'>): SearchIndexJob;
  /** Stops the worker when the build ends before it started the index. */
  cancel(): Promise<void>;
}

/**
 * Starts the embedded index's worker now, so it loads its modules on the second core while the main thread reads the
 * site; and, given `lastSite` (an incremental build's output), reads that site's index meanwhile, for a splice.
 */
export function bootSearchIndex(config: SiteConfig, lastSite?: string): SearchIndexBoot {
  const worker = config.search.provider === 'local' ? bootIndexWorker() : undefined;
  if (worker && lastSite !== undefined && fs.existsSync(path.join(lastSite, HEADINGS_FILE)))
    worker.readAhead(lastSite, INDEX_DIR);
  return {
    start: (input) => startSearchJob({ ...input, config }, worker),
    cancel: async () => worker?.stop(),
  };
}

function startSearchJob(input: SearchIndexInput, booted: BootedIndexWorker | undefined): SearchIndexJob {
  const stylesheet = modalStylesheet();
  const worker = booted?.start(localIndexInput(input));
  return {
    add: (note, unchanged) => worker?.add(note, unchanged === true && input.splice === true),
    end: () => worker?.end(),
    stop: async () => worker?.stop(),
    async finish() {
      const done = worker
        ? await worker.finish()
        : { files: new Map<string, string>(), written: [], stamps: [], kept: [] };
      return { ...done, files: [stylesheet, ...done.files] };
    },
  };
}

/** What the browser needs: the `search` field of the boot runtime object. */
export function buildSearchRuntime(config: SiteConfig): SearchRuntime {
  const { search } = config;
  const base = config.baseUrl;
  return {
    provider: search.provider,
    // The search page's address as the build writes it: with its slash when trailingSlash is true.
    searchPagePath: `${base}${search.searchPagePath.replace(/^\/|\/$/g, '')}${config.trailingSlash ? '/' : ''}`,
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
  return repo
    ? `${repo}/issues/new?title=${encodeURIComponent('Search: no results for "')}{query}${encodeURIComponent('"')}`
    : '';
}

function readModalStylesheet(): string {
  const docsearchCss = fs.readFileSync(require.resolve('@docsearch/css/dist/style.css'), 'utf8');
  const themeCss = fs.readFileSync(enginePath('src/client/search/modal.css'), 'utf8');
  return `${docsearchCss}\n${themeCss}`;
}

/** Notes cross to the worker in batches of this much HTML (or BATCH_NOTES notes), one message each: small, so they do not pile up on either side. */
const BATCH_CHARS = 250_000;
const BATCH_NOTES = 50;
/** An unchanged note crosses as its route alone: many go in one message (each message also wakes the worker). */
const BATCH_UNCHANGED = 250;

interface BootedIndexWorker {
  /** Has the worker read a site's index while it waits for what it indexes from. */
  readAhead(siteDir: string, indexDir: string): void;
  /** Sends the worker what it indexes from. */
  start(input: LocalIndexInput): IndexWorkerJob;
  stop(): Promise<void>;
}

interface IndexWorkerJob {
  add(note: RecordNote, unchanged: boolean): void;
  end(): void;
  finish(): Promise<{
    files: Map<string, string>;
    written: readonly string[];
    stamps: readonly FileStamp[];
    kept: readonly string[];
  }>;
  stop(): Promise<void>;
}

/** The worker gets notes in batches and replies once, with the index files it did not write itself. */
function bootIndexWorker(): BootedIndexWorker {
  const channel = openWorkerChannel<IndexWorkerMessage, IndexWorkerReply>('indexWorker');
  const { post, stop } = channel;
  let batch: IndexedNote[] = [];
  let batchChars = 0;
  let batchChanged = 0;
  const flush = () => {
    if (batch.length === 0) return;
    post({
      notes: batch.map((note) =>
        'unchanged' in note
          ? note
          : {
              id: note.id,
              route: note.route,
              title: note.title,
              contentHasTitle: note.contentHasTitle,
              html: note.html,
              headings: note.headings.map((h) => ({ id: h.id, text: h.text })),
            },
      ),
    });
    batch = [];
    batchChars = 0;
    batchChanged = 0;
  };
  let ended = false;
  const end = () => {
    if (ended) return;
    flush();
    post({ end: true });
    ended = true;
  };
  const job: IndexWorkerJob = {
    add(note, unchanged) {
      batch.push(unchanged ? { route: note.route, unchanged: true } : note);
      if (!unchanged) {
        batchChars += note.html.length;
        batchChanged++;
      }
      if (batchChars >= BATCH_CHARS || batchChanged >= BATCH_NOTES || batch.length >= BATCH_UNCHANGED) flush();
    },
    end,
    stop,
    async finish() {
      end();
      const { files, written = [], stamps = [], kept = [], error } = await channel.reply;
      await stop();
      if (files) return { files, written, stamps, kept };
      throw new Error(`Could not build the search index: ${error ?? 'its worker thread stopped'}`);
    },
  };
  return {
    stop,
    readAhead: (siteDir, indexDir) => post({ readAhead: { siteDir, indexDir } }),
    start(input) {
      post({ start: input });
      return job;
    },
  };
}
