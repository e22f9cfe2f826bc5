/** Site-wide values and browser-runtime hooks, provided once by App so deep components need no prop drilling. */
import { createContext, useContext } from 'react';
import type { PageModel, SidebarCategory, ThemeSettings } from '../../shared/types.js';

/** Optional callbacks the browser runtime passes to App; the server renders without them. */
export interface ThemeHooks {
  /** A category whose items were left out of the page's HTML was opened: load them and re-render with them (rejects on failure). */
  readonly loadSidebarItems?: (category: SidebarCategory) => Promise<void> | void;
  /** Loads the current page's data again and re-renders it ('Try again' after a crash). */
  readonly reloadPage?: () => Promise<void>;
  /** The search button was activated (optionally with a first typed character). */
  readonly openSearch?: (initialQuery?: string) => void;
  /** The reader showed interest in search (hover, focus, touch): a chance to preload the modal. */
  readonly preloadSearch?: () => void;
}

export interface ThemeContextValue {
  readonly site: ThemeSettings;
  readonly route: string;
  /** What the page on screen is: the version dropdown links a doc to itself, any other page to the main doc. */
  readonly pageKind?: PageModel['kind'];
  readonly hooks: ThemeHooks;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export const ThemeContextProvider = ThemeContext.Provider;

/** The site settings, current route and runtime hooks; throws outside App. */
export function useThemeContext(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (value === null) {
    throw new Error(
      'Hook useThemeContext is called outside the <ThemeContextProvider>. Render theme components inside <App> (which provides it), or wrap them in <ThemeContextProvider value={...}>.',
    );
  }
  return value;
}
