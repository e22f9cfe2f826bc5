/** Pure helpers shared by the theme components: URLs and sidebar lookups. */
import { asRoute, hrefForRoute } from '../../shared/paths.js';
import { sidebarItemContains } from '../../shared/sidebar.js';
import type { SidebarCategory, SidebarItem } from '../../shared/types.js';

const EXTERNAL_URL = /^(?:[a-z][a-z\d+.-]*:)?\/\//i;
const SPECIAL_SCHEME = /^(?:mailto|tel|data):/i;

/** Whether a URL leaves the site (has a scheme or starts with //). */
export function isExternalUrl(url: string): boolean {
  return EXTERNAL_URL.test(url) || SPECIAL_SCHEME.test(url);
}

/** Prefixes a site-relative route with the base URL ("/docs/" + "/a/" -> "/docs/a/"); other URLs pass through. */
export function withBaseUrl(baseUrl: string, to: string): string {
  if (!to.startsWith('/') || to.startsWith('//')) return to;
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  return `${base}${to}`;
}

/**
 * The href of one of the site's routes (sidebar, breadcrumbs, pager): the route is a path as the notes name it, so
 * `%`, `?`, `#`, spaces and control characters are percent-encoded ("/100% done" -> "/100%25%20done"). Other URLs
 * pass through.
 */
export function routeHref(baseUrl: string, route: string): string {
  if (!route.startsWith('/') || route.startsWith('//')) return route;
  return hrefForRoute(asRoute(route), baseUrl);
}

/** Whether a sidebar or navbar target is the current route. */
export function isSameRoute(href: string | undefined, route: string): boolean {
  return href !== undefined && href === route;
}

/** Whether a sidebar category holds the current route (its own index or anywhere below). */
export function categoryContainsRoute(category: SidebarCategory, route: string): boolean {
  return sidebarItemContains(category, route);
}

/** A stable React key for a sidebar entry: survives the pruned tree being swapped for the full one. */
export function sidebarItemKey(item: SidebarItem, index: number): string {
  return `${index}:${item.type}:${item.href ?? item.label}`;
}

/** Joins class names, skipping empty ones. */
export function clsx(...names: ReadonlyArray<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
