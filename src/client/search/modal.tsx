/**
 * The DocSearch v3 modal (lazy chunk), fed by the configured provider through `transformSearchClient`.
 * DocSearch's modal turns a failed search into 'No results' (autocomplete resets the error status), so the client
 * below reports failures to the component, which shows DocSearch's own error screen in the modal's dropdown.
 */
import { DocSearchModal, type DocSearchProps } from '@docsearch/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { SearchRuntime } from '../../shared/search.js';
import type { SearchProvider } from './hits.js';
import { modalTexts, type ModalTexts, type Translator } from './translations.js';

export interface SearchModal {
  open(initialQuery?: string): void;
  close(): void;
  readonly isOpen: boolean;
}

type TransformedClient = ReturnType<NonNullable<DocSearchProps['transformSearchClient']>>;

/** Mounts the modal on demand in its own root (outside the page's React tree). */
export async function createSearchModal(
  runtime: SearchRuntime,
  provider: SearchProvider,
  t: Translator,
): Promise<SearchModal> {
  await loadStylesheet(runtime.stylesheetUrl);
  const texts = modalTexts(t);
  const container = document.body.appendChild(document.createElement('div'));
  const root: Root = createRoot(container);
  let isOpen = false;
  const modal: SearchModal = {
    get isOpen() {
      return isOpen;
    },
    open(initialQuery) {
      isOpen = true;
      root.render(
        <Modal
          runtime={runtime}
          provider={provider}
          texts={texts}
          initialQuery={initialQuery ?? ''}
          onClose={() => modal.close()}
        />,
      );
    },
    close() {
      isOpen = false;
      root.render(null);
    },
  };
  return modal;
}

function loadStylesheet(href: string): Promise<void> {
  if (document.querySelector(`link[data-search-styles]`)) return Promise.resolve();
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
  link.dataset.searchStyles = '';
  return new Promise((resolve) => {
    link.onload = link.onerror = () => resolve(); // without its styles the modal still works
    document.head.appendChild(link);
  });
}

interface ModalProps {
  readonly runtime: SearchRuntime;
  readonly provider: SearchProvider;
  readonly texts: ModalTexts;
  readonly initialQuery: string;
  readonly onClose: () => void;
}

function Modal({ runtime, provider, texts, initialQuery, onClose }: ModalProps) {
  const [failed, setFailed] = useState(false);
  const client = useMemo(() => createSearchClient(provider, setFailed), [provider]);
  // DocSearch rebuilds its autocomplete (query, recent and favorite lists reset) when these props change identity:
  // re-rendering with new ones (the error screen, the dropdown found) wiped the query and the start screen.
  const transformSearchClient = useCallback(() => client, [client]);
  const navigator = useMemo(
    () => ({ navigate: ({ itemUrl }: { itemUrl: string }) => window.location.assign(itemUrl) }),
    [],
  );
  const clearError = useCallback(() => setFailed(false), []);
  const dropdown = useModalDecorations(failed, runtime.provider, clearError);
  const missing = runtime.missingResultsUrl;
  return (
    <>
      <DocSearchModal
        appId={runtime.appId || 'local'}
        apiKey={runtime.apiKey || 'local'}
        indexName={runtime.indexName || 'wiki'}
        placeholder={texts.placeholder}
        initialQuery={initialQuery}
        initialScrollY={window.scrollY}
        onClose={onClose}
        transformSearchClient={transformSearchClient}
        translations={texts.modal}
        navigator={navigator}
        resultsFooterComponent={({ state }) => (
          <a href={`${runtime.searchPagePath}?q=${encodeURIComponent(state.query)}`} onClick={onClose}>
            {texts.seeAll(Number(state.context.nbHits ?? 0))}
          </a>
        )}
        {...(missing && {
          getMissingResultsUrl: ({ query }: { query: string }) => missing.replace('{query}', encodeURIComponent(query)),
        })}
      />
      {failed &&
        dropdown &&
        createPortal(
          <ErrorScreen title={texts.modal.errorScreen!.titleText!} help={texts.modal.errorScreen!.helpText!} />,
          dropdown,
        )}
    </>
  );
}

/** Keystrokes closer than this make one query (DocSearch itself searches on every keystroke). */
const TYPING_DELAY_MS = 60;

type AlgoliaShapedResponse = { results: Array<Record<string, unknown>> };

/**
 * DocSearch's search client, answered by our provider. A query superseded while waiting shares the newer one's
 * answer; a failure is reported (for the error screen) and answered as no hits.
 */
function createSearchClient(provider: SearchProvider, setFailed: (failed: boolean) => void): TransformedClient {
  interface Pending {
    readonly id: number;
    answer?: Promise<AlgoliaShapedResponse>;
  }
  let latest: Pending = { id: 0 };
  const run = async (query: string, hitsPerPage: number, id: number): Promise<AlgoliaShapedResponse> => {
    try {
      const { hits, nbHits } = await provider.search({ query, page: 0, hitsPerPage });
      if (id === latest.id) setFailed(false);
      return answer(query, hits, nbHits);
    } catch (error) {
      console.warn('Search failed:', error);
      if (id === latest.id) setFailed(true);
      return answer(query, [], 0);
    }
  };
  const search = async (params: { requests: ReadonlyArray<{ query?: string; hitsPerPage?: number }> }) => {
    const request = params.requests[0] ?? {};
    const mine: Pending = { id: latest.id + 1 };
    latest = mine;
    await new Promise((resolve) => setTimeout(resolve, TYPING_DELAY_MS));
    if (mine !== latest) return waitForLatest();
    return (mine.answer = run(request.query ?? '', request.hitsPerPage ?? 20, mine.id));
  };
  const waitForLatest = async (): Promise<AlgoliaShapedResponse> => {
    while (!latest.answer) await new Promise((resolve) => setTimeout(resolve, TYPING_DELAY_MS));
    return latest.answer;
  };
  return {
    search,
    addAlgoliaAgent: () => undefined,
    transporter: { algoliaAgent: { value: '', add: () => undefined } },
  } as unknown as TransformedClient;
}

function answer(query: string, hits: unknown[], nbHits: number): AlgoliaShapedResponse {
  return {
    results: [
      {
        hits,
        nbHits,
        page: 0,
        nbPages: nbHits > 0 ? 1 : 0,
        hitsPerPage: hits.length,
        processingTimeMS: 0,
        query,
        params: '',
        exhaustiveNbHits: true,
      },
    ],
  };
}

/** Finds the modal's dropdown (for the error screen), marks the container, and clears the error when the query is. */
function useModalDecorations(failed: boolean, provider: string, clearError: () => void): Element | null {
  const [dropdown, setDropdown] = useState<Element | null>(null);
  useEffect(() => {
    setDropdown(document.querySelector('.DocSearch-Dropdown'));
    const input = document.querySelector<HTMLInputElement>('.DocSearch-Input');
    const onInput = () => input?.value.trim() === '' && clearError();
    input?.addEventListener('input', onInput);
    return () => input?.removeEventListener('input', onInput);
  }, [clearError]);
  useEffect(() => {
    const container = document.querySelector('.DocSearch-Container');
    container?.classList.toggle('wiki-search--errored', failed);
    container?.classList.toggle('wiki-search--hosted-by-algolia', provider === 'algolia');
  }, [failed, provider, dropdown]);
  return dropdown;
}

/** DocSearch's ErrorScreen markup and texts (SPEC §8). */
function ErrorScreen({ title, help }: { title: string; help: string }) {
  return (
    <div className="DocSearch-ErrorScreen" role="alert">
      <div className="DocSearch-Screen-Icon">
        <svg
          width="40"
          height="40"
          viewBox="0 0 20 20"
          fill="none"
          fillRule="evenodd"
          stroke="currentColor"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M19 4.8a16 16 0 00-2-1.2m-3.3-1.2A16 16 0 001.1 4.7M16.7 8a12 12 0 00-2.8-1.4M10 6a12 12 0 00-6.7 2M12.3 14.7a4 4 0 00-4.5 0M14.5 11.4A8 8 0 0010 10M3 16L18 2M10 18h0" />
        </svg>
      </div>
      <p className="DocSearch-Title">{title}</p>
      <p className="DocSearch-Help">{help}</p>
    </div>
  );
}
