/**
 * The search runtime's entry, called once by main.tsx:
 *
 *   installSearch(boot: { page: { kind: string }; runtime?: { search?: SearchRuntime } }, t: Translator): SearchHooks
 *
 * - registers the global shortcuts: Ctrl/Cmd+K opens and closes the modal (as DocSearch), '/' opens it unless the
 *   reader is typing in a field, Escape closes it;
 * - returns `openSearch(initialQuery?)` and `preloadSearch()` for the theme's hooks (ThemeHooks);
 * - on the search page, runs it (reads `q`, lists results, updates the URL).
 * Nothing else loads up front: the modal, DocSearch and the provider are lazy chunks fetched on intent.
 */
import type { SearchRuntime } from '../../shared/search.js';
import type { SearchModal } from './modal.js';
import type { Translator } from './translations.js';

export interface SearchHooks {
  readonly openSearch?: (initialQuery?: string) => void;
  readonly preloadSearch?: () => void;
}

export interface SearchBoot {
  readonly page: { readonly kind: string };
  readonly runtime?: { readonly search?: SearchRuntime };
}

/** `t` is `translate` bound to the site's translation overrides (the search texts go through it). */
export function installSearch(boot: SearchBoot, t: Translator): SearchHooks {
  const runtime = boot.runtime?.search;
  if (!runtime) return {};
  const loadModal = createModalLoader(runtime, t);
  let opening = false;
  const openSearch = (initialQuery?: string) => {
    if (opening) return;
    opening = true;
    void loadModal()
      .then((modal) => modal.isOpen || modal.open(initialQuery))
      .finally(() => (opening = false));
  };
  const toggle = () => void loadModal().then((modal) => (modal.isOpen ? modal.close() : openSearch()));
  document.addEventListener('keydown', (event) =>
    onShortcut(event, { toggle, openSearch, closeSearch: () => void loadModal().then((modal) => modal.close()) }),
  );
  if (boot.page.kind === 'search') void import('./page.js').then((page) => page.runSearchPage(runtime, t));
  return { openSearch, preloadSearch: () => void loadModal().catch(() => undefined) };
}

/** Loads the modal chunk and the provider once; a failed load (offline) is retried on the next intent. */
function createModalLoader(runtime: SearchRuntime, t: Translator): () => Promise<SearchModal> {
  let modal: Promise<SearchModal> | undefined;
  return () =>
    (modal ??= Promise.all([import('./modal.js'), import('./provider.js').then((p) => p.loadProvider(runtime))])
      .then(([{ createSearchModal }, provider]) => {
        provider.preload?.();
        return createSearchModal(runtime, provider, t);
      })
      .catch((error: unknown) => {
        modal = undefined;
        throw error;
      }));
}

interface ShortcutActions {
  readonly toggle: () => void;
  readonly openSearch: () => void;
  readonly closeSearch: () => void;
}

function onShortcut(event: KeyboardEvent, actions: ShortcutActions): void {
  const isModalOpen = document.body.classList.contains('DocSearch--active');
  if (event.key === 'Escape' && isModalOpen) {
    actions.closeSearch();
  } else if (event.key?.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
    event.preventDefault();
    actions.toggle();
  } else if (
    event.key === '/' &&
    !isModalOpen &&
    !isTypingInField(event) &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.altKey
  ) {
    event.preventDefault();
    actions.openSearch();
  }
}

function isTypingInField(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  return target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
}
