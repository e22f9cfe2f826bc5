/** The modal's texts: SPEC §9 labels and the SPEC §8 error and no-results texts (DocSearch's own wording). */
import type { DocSearchProps } from '@docsearch/react';

export const PLACEHOLDER = 'Search docs';
export const ERROR_TITLE = 'Unable to fetch results';
export const ERROR_HELP = 'You might want to check your network connection.';

/** 'See all {count} results' (the modal's footer link to the search page). */
export function seeAllText(count: number): string {
  return `See all ${count} results`;
}

export const translations: NonNullable<DocSearchProps['translations']> = {
  button: { buttonText: 'Search', buttonAriaLabel: 'Search' },
  modal: {
    searchBox: { resetButtonTitle: 'Clear the query', resetButtonAriaLabel: 'Clear the query', cancelButtonText: 'Cancel', cancelButtonAriaLabel: 'Cancel', searchInputLabel: 'Search' },
    startScreen: {
      recentSearchesTitle: 'Recent',
      noRecentSearchesText: 'No recent searches',
      saveRecentSearchButtonTitle: 'Save this search',
      removeRecentSearchButtonTitle: 'Remove this search from history',
      favoriteSearchesTitle: 'Favorite',
      removeFavoriteSearchButtonTitle: 'Remove this search from favorites',
    },
    errorScreen: { titleText: ERROR_TITLE, helpText: ERROR_HELP },
    footer: { selectText: 'to select', selectKeyAriaLabel: 'Enter key', navigateText: 'to navigate', navigateUpKeyAriaLabel: 'Arrow up', navigateDownKeyAriaLabel: 'Arrow down', closeText: 'to close', closeKeyAriaLabel: 'Escape key', searchByText: 'Search by' },
    noResultsScreen: { noResultsText: 'No results for', suggestedQueryText: 'Try searching for', reportMissingResultsText: 'Believe this query should return results?', reportMissingResultsLinkText: 'Let us know.' },
  },
};
