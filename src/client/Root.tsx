/** The hydrated root: App with the current view from the store (App's error boundary catches a page crash). */
import { useEffect, useMemo, useSyncExternalStore, type ComponentType } from 'react';
import type { ThemeSettings } from '../shared/types.js';
import { App, type ThemeHooks } from '../theme/App/index.js';
import { PageLoader } from '../theme/Loader/PageLoader.js';
import { ThemeContextProvider } from '../theme/ThemeContext/index.js';
import type { PendingNavigation, ViewStore } from './context.js';
import { enhanceContent } from './islands/index.js';

export interface RootProps {
  readonly store: ViewStore;
  readonly site: ThemeSettings;
  readonly hooks: ThemeHooks;
  /** The first page's component when it is a custom page (loaded before hydrating). */
  readonly pageComponent?: ComponentType | undefined;
}

export function Root({ store, site, hooks, pageComponent }: RootProps) {
  const { page, sidebar, pending } = useSyncExternalStore(store.subscribe, store.get, store.get);
  // After hydration and after each page shown in place: the note's tabs and diagrams get their behaviour.
  useEffect(() => enhanceContent(document.getElementById('__wiki')!), [page]);
  // The same element while only the navigation state changes: React then leaves the page alone.
  const app = useMemo(
    () => <App page={page} site={site} sidebar={sidebar} hooks={hooks} pageComponent={pageComponent} />,
    [page, site, sidebar, hooks, pageComponent],
  );
  return (
    <>
      {app}
      {pending && <NavigationState pending={pending} site={site} hooks={hooks} />}
    </>
  );
}

/** The loader or failed state of a page navigation, after the page (the server never renders it). */
function NavigationState({
  pending,
  site,
  hooks,
}: {
  pending: PendingNavigation;
  site: ThemeSettings;
  hooks: ThemeHooks;
}) {
  const context = useMemo(() => ({ site, route: window.location.pathname, hooks }), [site, hooks]);
  const failed = pending.state === 'failed' ? pending : undefined;
  return (
    <ThemeContextProvider value={context}>
      <PageLoader path={failed?.path ?? ''} error={failed?.message} onRetry={failed?.retry} />
    </ThemeContextProvider>
  );
}
