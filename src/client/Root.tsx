/** The hydrated root: App with the current view from the store (App's error boundary catches a page crash). */
import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import type { ThemeSettings } from '../shared/types.js';
import { App, type ThemeHooks } from '../theme/App/index.js';
import type { ViewStore } from './context.js';
import { enhanceContent } from './islands/index.js';

export interface RootProps {
  readonly store: ViewStore;
  readonly site: ThemeSettings;
  readonly hooks: ThemeHooks;
  /** The first page's component when it is a custom page (loaded before hydrating). */
  readonly pageComponent?: ComponentType | undefined;
}

export function Root({ store, site, hooks, pageComponent }: RootProps) {
  const { page, sidebar } = useSyncExternalStore(store.subscribe, store.get, store.get);
  // After hydration and after each page shown in place: the note's tabs and diagrams get their behaviour.
  useEffect(() => enhanceContent(document.getElementById('__wiki')!), [page]);
  return <App page={page} site={site} sidebar={sidebar} hooks={hooks} pageComponent={pageComponent} />;
}
