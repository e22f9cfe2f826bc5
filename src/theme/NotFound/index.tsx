/** The catch-all page for unknown paths. */
import { useThemeContext } from '../ThemeContext/index.js';
import { Translate } from '../Translate/index.js';
import { withBaseUrl } from '../utils/index.js';

export function NotFound() {
  const { site } = useThemeContext();
  return (
    <main className="special-page not-found" id="__main">
      <h1 className="not-found__title">
        <Translate id="theme.NotFound.title" description="The title of the not-found page (also its document title)">
          Page Not Found
        </Translate>
      </h1>
      <p>
        <Translate id="theme.NotFound.p1">
          We could not find what you were looking for: the page you requested was not found.
        </Translate>
      </p>
      <p>
        <Translate id="theme.NotFound.p2">
          It may have moved, or the link that brought you here may be broken.
        </Translate>
      </p>
      <p>
        <a className="not-found__home" href={withBaseUrl(site.baseUrl, '/')}>
          <Translate id="theme.NotFound.homeLink">Go to the home page</Translate>
        </a>
      </p>
    </main>
  );
}
