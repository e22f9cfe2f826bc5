// @jsxRuntime automatic (tsx and esbuild have no root tsconfig to read `jsx: react-jsx` from)
/** The /search page: a heading, the query field and an empty results box the search runtime fills. */
import { useThemeContext } from '../ThemeContext/index.js';
import { withBaseUrl } from '../utils/index.js';

export function SearchPage() {
  const { site, route } = useThemeContext();
  return (
    <main className="special-page search-page" id="__main">
      <h1 className="search-page__title">Search the documentation</h1>
      {/* A plain GET form, so searching works before the runtime loads (it reads ?q=). */}
      <form className="search-page__form" role="search" action={withBaseUrl(site.baseUrl, route)} method="get">
        <input
          id="search-page-input"
          className="search-page__input"
          type="search"
          name="q"
          placeholder="Type your search here"
          aria-label="Search"
          autoComplete="off"
          spellCheck={false}
        />
      </form>
      <div id="search-page-results" className="search-page__results" aria-live="polite" />
    </main>
  );
}
