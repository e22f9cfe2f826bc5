/** The /search page: a heading, the query field and an empty results box the search runtime fills. */
import { useThemeContext } from '../ThemeContext/index.js';
import { Translate, useTranslate } from '../Translate/index.js';
import { withBaseUrl } from '../utils/index.js';

export function SearchPage() {
  const { site, route } = useThemeContext();
  const t = useTranslate();
  return (
    <main className="special-page search-page" id="__main">
      <h1 className="search-page__title">
        <Translate id="theme.SearchPage.title" description="The title of the search page (also its document title)">
          Search the documentation
        </Translate>
      </h1>
      {/* A plain GET form, so searching works before the runtime loads (it reads ?q=). */}
      <form className="search-page__form" role="search" action={withBaseUrl(site.baseUrl, route)} method="get">
        <input
          id="search-page-input"
          className="search-page__input"
          type="search"
          name="q"
          placeholder={t({ id: 'theme.SearchPage.inputPlaceholder', message: 'Type your search here' })}
          aria-label={t({ id: 'theme.SearchPage.inputLabel', message: 'Search' })}
          autoComplete="off"
          spellCheck={false}
        />
      </form>
      <div id="search-page-results" className="search-page__results" aria-live="polite" />
    </main>
  );
}
