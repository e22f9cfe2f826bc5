/** Loads a custom page's module (a lazy chunk, fetched before such a page hydrates). */
import type { ComponentType } from 'react';
import { pageImports } from './pageImports.js';

/** Error for a route with no page module: the code of a missing module (SPEC §8). */
export interface PageModuleNotFoundError extends Error {
  readonly code: 'MODULE_NOT_FOUND';
}

/** The component of the page at `route`; rejects with code MODULE_NOT_FOUND when the site has no such page. */
export function loadPageComponent(route: string): Promise<ComponentType> {
  const load = Object.hasOwn(pageImports, route) ? pageImports[route] : undefined;
  if (!load)
    return Promise.reject(
      Object.assign(new Error(`Cannot find the page module of ${route}.`), { code: 'MODULE_NOT_FOUND' as const }),
    );
  return load().then((module) => module.default);
}

/** Loads the page's component, then hydrates with it; on failure the page stays as the server rendered it. */
export async function hydrateCustomPage(route: string, hydrate: (component: ComponentType) => unknown): Promise<void> {
  let component: ComponentType;
  try {
    component = await loadPageComponent(route);
  } catch (error) {
    console.error(`Could not load the code of ${route}; the page stays as served.`, error);
    return;
  }
  hydrate(component);
}
