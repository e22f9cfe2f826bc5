// @jsxRuntime automatic (tsx and esbuild have no root tsconfig to read `jsx: react-jsx` from)
/** The root component: server-rendered into #__wiki and hydrated in the browser with the same props. */
import { useMemo } from 'react';
import type { PageModel, SidebarItem, ThemeSettings } from '../../shared/types.js';
import { BaseUrlBanner } from '../BaseUrlBanner/index.js';
import { DocPage } from '../DocPage/index.js';
import { ErrorBoundary } from '../ErrorBoundary/index.js';
import { Layout } from '../Layout/index.js';
import { NotFound } from '../NotFound/index.js';
import { SearchPage } from '../SearchPage/index.js';
import { ThemeContextProvider } from '../ThemeContext/index.js';
import type { ThemeContextValue, ThemeHooks } from '../ThemeContext/index.js';

export type { ThemeHooks } from '../ThemeContext/index.js';

export interface AppProps {
  readonly page: PageModel;
  readonly site: ThemeSettings;
  /** The sidebar tree: pruned to the current branch in the HTML, the full tree once the browser has it. */
  readonly sidebar: readonly SidebarItem[];
  /** Browser-only callbacks (omitted on the server; rendering does not depend on them). */
  readonly hooks?: ThemeHooks;
}

const NO_HOOKS: ThemeHooks = {};

export function App({ page, site, sidebar, hooks = NO_HOOKS }: AppProps) {
  const context = useMemo<ThemeContextValue>(() => ({ site, route: page.route, hooks }), [site, page.route, hooks]);
  const isDoc = page.kind === 'doc';
  return (
    <ThemeContextProvider value={context}>
      {page.kind !== 'notFound' && <BaseUrlBanner baseUrl={site.baseUrl} route={page.route} />}
      <Layout sidebar={isDoc ? sidebar : []}>
        <ErrorBoundary resetKey={page.route} onTryAgain={hooks.reloadPage}>
          {page.kind === 'doc' ? <DocPage page={page} sidebar={sidebar} /> : page.kind === 'search' ? <SearchPage /> : <NotFound />}
        </ErrorBoundary>
      </Layout>
    </ThemeContextProvider>
  );
}
