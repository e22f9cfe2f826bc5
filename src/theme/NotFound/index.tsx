// @jsxRuntime automatic (tsx and esbuild have no root tsconfig to read `jsx: react-jsx` from)
/** The catch-all page for unknown paths. */
import { useThemeContext } from '../ThemeContext/index.js';
import { withBaseUrl } from '../utils/index.js';

export function NotFound() {
  const { site } = useThemeContext();
  return (
    <main className="special-page not-found" id="__main">
      <h1 className="not-found__title">Page Not Found</h1>
      <p>We could not find what you were looking for: the page you requested was not found.</p>
      <p>It may have moved, or the link that brought you here may be broken.</p>
      <p>
        <a className="not-found__home" href={withBaseUrl(site.baseUrl, '/')}>
          Go to the home page
        </a>
      </p>
    </main>
  );
}
