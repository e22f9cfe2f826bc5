/**
 * The /search page (lazy chunk): reads `q`, lists every result with its excerpt (20 at a time, the next ones as the
 * list scrolls into view), and keeps the URL's `q` in step with the field.
 */
import type { SearchRuntime } from '../../shared/search.js';
import type { DocSearchHit, SearchProvider } from './hits.js';
import { loadProvider } from './provider.js';
import { pageTexts, type PageTexts, type Translator } from './translations.js';

const PAGE_SIZE = 20;
const TYPING_DELAY_MS = 200;

/** Starts the page: fills the field from `?q=`, searches, and follows edits. */
export async function runSearchPage(runtime: SearchRuntime, t: Translator): Promise<void> {
  const input = document.getElementById('search-page-input') as HTMLInputElement | null;
  const results = document.getElementById('search-page-results');
  if (!input || !results) return;
  const provider = await loadProvider(runtime);
  const texts = pageTexts(t);
  let run = 0;
  const search = (query: string) =>
    void showResults({
      provider,
      results,
      texts,
      query,
      isCurrent: (
        (id) => () =>
          id === run
      )(++run),
    });
  input.value = new URLSearchParams(location.search).get('q') ?? '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      updateUrl(input.value);
      search(input.value);
    }, TYPING_DELAY_MS);
  });
  input.form?.addEventListener('submit', (event) => {
    event.preventDefault();
    updateUrl(input.value);
    search(input.value);
  });
  search(input.value);
}

function updateUrl(query: string): void {
  const url = new URL(location.href);
  if (query) url.searchParams.set('q', query);
  else url.searchParams.delete('q');
  history.replaceState(history.state, '', url);
}

interface ShowOptions {
  readonly provider: SearchProvider;
  readonly results: HTMLElement;
  readonly texts: PageTexts;
  readonly query: string;
  /** False once a newer query started: this one stops writing to the page. */
  readonly isCurrent: () => boolean;
}

async function showResults({ provider, results, texts, query, isCurrent }: ShowOptions): Promise<void> {
  const trimmed = query.trim();
  if (trimmed === '') return void results.replaceChildren();
  try {
    const first = await provider.search({ query: trimmed, page: 0, hitsPerPage: PAGE_SIZE });
    if (!isCurrent()) return;
    if (first.nbHits === 0)
      return void results.replaceChildren(element('p', 'search-page__empty', texts.noResults(trimmed)));
    const list = element('ol', 'search-page__list');
    results.replaceChildren(element('p', 'search-page__count', texts.found(first.nbHits)), list);
    list.append(...first.hits.map(renderHit));
    if (first.nbHits > PAGE_SIZE)
      loadMoreOnScroll({ provider, results, texts, query: trimmed, isCurrent }, list, first.nbHits);
  } catch (error) {
    console.warn('Search failed:', error);
    if (isCurrent())
      results.replaceChildren(
        element('p', 'search-page__error-title', texts.error.title),
        element('p', 'search-page__error-help', texts.error.help),
      );
  }
}

/** Appends the next page whenever the end of the list comes into view, until every result is listed. */
function loadMoreOnScroll(options: ShowOptions, list: HTMLElement, total: number): void {
  const sentinel = options.results.appendChild(element('div', 'search-page__more', options.texts.loadingMore));
  let page = 1;
  let loading = false;
  const observer = new IntersectionObserver(async (entries) => {
    if (loading || !entries.some((entry) => entry.isIntersecting)) return;
    loading = true;
    try {
      const next = await options.provider.search({ query: options.query, page, hitsPerPage: PAGE_SIZE });
      if (!options.isCurrent()) return observer.disconnect();
      list.append(...next.hits.map(renderHit));
      page += 1;
      if (page * PAGE_SIZE >= total || next.hits.length === 0) {
        observer.disconnect();
        sentinel.remove();
      }
    } finally {
      loading = false;
    }
  });
  observer.observe(sentinel);
}

/** One result: the page title and heading path as the link, then the excerpt (escaped text with `<mark>`). */
function renderHit(hit: DocSearchHit): HTMLElement {
  const item = element('li', 'search-page__item');
  const link = element('a', 'search-page__link') as HTMLAnchorElement;
  link.href = hit.url;
  const levels = (['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const)
    .map((level) => hit._highlightResult.hierarchy[level]?.value)
    .filter((value): value is string => Boolean(value));
  appendMarked(link, levels.join(' › '));
  const heading = element('h2', 'search-page__hit-title');
  heading.append(link);
  item.append(heading, element('p', 'search-page__path', hit.hierarchy.lvl0));
  const snippet = hit._snippetResult.content?.value;
  if (snippet) appendMarked(item.appendChild(element('p', 'search-page__excerpt')), snippet);
  return item;
}

/** Adds escaped-HTML-with-<mark> as DOM nodes (text and <mark> only, whatever the string holds). */
function appendMarked(parent: HTMLElement, html: string): void {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  for (const node of Array.from(parsed.childNodes)) {
    if (node.nodeName === 'MARK') parent.append(element('mark', '', node.textContent ?? ''));
    else parent.append(node.textContent ?? '');
  }
}

function element(tag: string, className: string, text?: string): HTMLElement {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}
