/** The root component: server-rendered into #__wiki and hydrated in the browser with the same props. */
import { useMemo } from 'react';
import type { ComponentType } from 'react';
import type { PageModel, SidebarItem, ThemeSettings } from '../../shared/types.js';
// The swizzlable components through @theme/ (a site's theme/<Name>.tsx replaces them); the rest relatively.
import { DocPage } from '@theme/DocPage';
import { ErrorBoundary } from '@theme/ErrorBoundary';
import { Layout } from '@theme/Layout';
import { NotFound } from '@theme/NotFound';
import { SearchPage } from '@theme/SearchPage';
import { BaseUrlBanner } from '../BaseUrlBanner/index.js';
import { GraphPage } from '../Graph/index.js';
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
  /** A custom page's component (the default export of its module): the browser loads it before hydrating the page. */
  readonly pageComponent?: ComponentType | undefined;
}

const NO_HOOKS: ThemeHooks = {};

/** A site's page from `pages/`: its component inside the layout's main area. */
function CustomPage({ component: Page }: { component: ComponentType | undefined }) {
  return (
    <main className="custom-page" id="__main">
      {Page && <Page />}
    </main>
  );
}

export function App({ page, site, sidebar, hooks = NO_HOOKS, pageComponent }: AppProps) {
  const context = useMemo<ThemeContextValue>(
    () => ({ site, route: page.route, pageKind: page.kind, hooks }),
    [site, page.route, page.kind, hooks],
  );
  const isDoc = page.kind === 'doc';
  return (
    <ThemeContextProvider value={context}>
      {page.kind !== 'notFound' && <BaseUrlBanner baseUrl={site.baseUrl} route={page.route} />}
      <Layout sidebar={isDoc ? sidebar : []}>
        <ErrorBoundary resetKey={page.route} onTryAgain={hooks.reloadPage}>
          {page.kind === 'doc' ? (
            <DocPage page={page} sidebar={sidebar} />
          ) : page.kind === 'search' ? (
            <SearchPage />
          ) : page.kind === 'graph' ? (
            <GraphPage />
          ) : page.kind === 'custom' ? (
            <CustomPage component={pageComponent} />
          ) : (
            <NotFound />
          )}
        </ErrorBoundary>
      </Layout>
    </ThemeContextProvider>
  );
}
