/**
 * The search UI's texts through the translation API: SPEC §9 labels and the SPEC §8 error and no-results texts
 * (DocSearch's own wording). `t` is `translate` bound to the site's messages, passed in by main.tsx so these lazy
 * chunks import no theme code; the `t({ id, message })` calls are what `wiki write-translations` lists.
 */
import type { DocSearchProps } from '@docsearch/react';
import type { TranslateDeclaration } from '../../theme/Translate/index.js';

export type Translator = (
  declaration: TranslateDeclaration,
  values?: Readonly<Record<string, string | number>>,
) => string;

/** 'Unable to fetch results' and its help line, shared by the modal and the search page. */
export function errorTexts(t: Translator): { readonly title: string; readonly help: string } {
  return {
    title: t({ id: 'theme.SearchModal.errorScreen.titleText', message: 'Unable to fetch results' }),
    help: t({
      id: 'theme.SearchModal.errorScreen.helpText',
      message: 'You might want to check your network connection.',
    }),
  };
}

export interface ModalTexts {
  readonly placeholder: string;
  /** 'See all {count} results' (the modal's footer link to the search page). */
  readonly seeAll: (count: number) => string;
  readonly modal: NonNullable<NonNullable<DocSearchProps['translations']>['modal']>;
}

export function modalTexts(t: Translator): ModalTexts {
  const error = errorTexts(t);
  const clear = t({ id: 'theme.SearchModal.searchBox.resetButtonTitle', message: 'Clear the query' });
  const cancel = t({ id: 'theme.SearchModal.searchBox.cancelButtonText', message: 'Cancel' });
  return {
    placeholder: t({ id: 'theme.SearchModal.placeholder', message: 'Search docs' }),
    seeAll: (count) => t({ id: 'theme.SearchModal.seeAllResults', message: 'See all {count} results' }, { count }),
    modal: {
      searchBox: {
        resetButtonTitle: clear,
        resetButtonAriaLabel: clear,
        cancelButtonText: cancel,
        cancelButtonAriaLabel: cancel,
        searchInputLabel: t({ id: 'theme.SearchModal.searchBox.searchInputLabel', message: 'Search' }),
      },
      startScreen: {
        recentSearchesTitle: t({ id: 'theme.SearchModal.startScreen.recentSearchesTitle', message: 'Recent' }),
        noRecentSearchesText: t({
          id: 'theme.SearchModal.startScreen.noRecentSearchesText',
          message: 'No recent searches',
        }),
        saveRecentSearchButtonTitle: t({
          id: 'theme.SearchModal.startScreen.saveRecentSearchButtonTitle',
          message: 'Save this search',
        }),
        removeRecentSearchButtonTitle: t({
          id: 'theme.SearchModal.startScreen.removeRecentSearchButtonTitle',
          message: 'Remove this search from history',
        }),
        favoriteSearchesTitle: t({ id: 'theme.SearchModal.startScreen.favoriteSearchesTitle', message: 'Favorite' }),
        removeFavoriteSearchButtonTitle: t({
          id: 'theme.SearchModal.startScreen.removeFavoriteSearchButtonTitle',
          message: 'Remove this search from favorites',
        }),
      },
      errorScreen: { titleText: error.title, helpText: error.help },
      footer: {
        selectText: t({ id: 'theme.SearchModal.footer.selectText', message: 'to select' }),
        selectKeyAriaLabel: t({ id: 'theme.SearchModal.footer.selectKeyAriaLabel', message: 'Enter key' }),
        navigateText: t({ id: 'theme.SearchModal.footer.navigateText', message: 'to navigate' }),
        navigateUpKeyAriaLabel: t({ id: 'theme.SearchModal.footer.navigateUpKeyAriaLabel', message: 'Arrow up' }),
        navigateDownKeyAriaLabel: t({ id: 'theme.SearchModal.footer.navigateDownKeyAriaLabel', message: 'Arrow down' }),
        closeText: t({ id: 'theme.SearchModal.footer.closeText', message: 'to close' }),
        closeKeyAriaLabel: t({ id: 'theme.SearchModal.footer.closeKeyAriaLabel', message: 'Escape key' }),
        searchByText: t({ id: 'theme.SearchModal.footer.searchByText', message: 'Search by' }),
      },
      noResultsScreen: {
        noResultsText: t({ id: 'theme.SearchModal.noResultsScreen.noResultsText', message: 'No results for' }),
        suggestedQueryText: t({
          id: 'theme.SearchModal.noResultsScreen.suggestedQueryText',
          message: 'Try searching for',
        }),
        reportMissingResultsText: t({
          id: 'theme.SearchModal.noResultsScreen.reportMissingResultsText',
          message: 'Believe this query should return results?',
        }),
        reportMissingResultsLinkText: t({
          id: 'theme.SearchModal.noResultsScreen.reportMissingResultsLinkText',
          message: 'Let us know.',
        }),
      },
    },
  };
}

export interface PageTexts {
  readonly error: { readonly title: string; readonly help: string };
  readonly noResults: (query: string) => string;
  readonly found: (count: number) => string;
  readonly loadingMore: string;
}

/** The /search page's result texts. */
export function pageTexts(t: Translator): PageTexts {
  return {
    error: errorTexts(t),
    noResults: (query) => t({ id: 'theme.SearchPage.noResultsText', message: 'No results for "{query}"' }, { query }),
    found: (count) =>
      count === 1
        ? t({ id: 'theme.SearchPage.documentsFound.one', message: 'One document found' })
        : t({ id: 'theme.SearchPage.documentsFound.other', message: '{count} documents found' }, { count }),
    loadingMore: t({ id: 'theme.SearchPage.fetchingNewResults', message: 'Loading more results…' }),
  };
}
