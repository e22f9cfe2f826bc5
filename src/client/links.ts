/** Which links the runtime handles itself: same-site routes that have page data. */
import { routeFromPathname, type Route } from '../shared/paths.js';
import type { RuntimeSettings } from '../shared/runtime.js';

export interface RouteLink {
  /** The URL to show, with ".html" endings normalised away. */
  readonly url: URL;
  readonly route: Route;
}

/** A file name with an extension other than .html (an image, a PDF...) is not a page route. */
const FILE_EXTENSION = /\.(?!html$)[a-z0-9]+$/i;

/** The route a link leads to, or undefined when the browser should follow it itself. */
export function routeOfLink(anchor: HTMLAnchorElement | SVGAElement, settings: RuntimeSettings): RouteLink | undefined {
  if (!(anchor instanceof HTMLAnchorElement) || !anchor.href || anchor.hasAttribute('download')) return undefined;
  if (anchor.target && anchor.target !== '_self') return undefined;
  const url = new URL(anchor.href);
  if (url.origin !== window.location.origin || FILE_EXTENSION.test(url.pathname)) return undefined;
  const route = routeFromPathname(url.pathname, settings.baseUrl);
  if (route === undefined || settings.fullPageRoutes.includes(route)) return undefined;
  url.pathname = settings.baseUrl + encodeURI(route.slice(1));
  return { url, route };
}

/** The link an event happened in, if any. */
export function closestLink(target: EventTarget | null): HTMLAnchorElement | undefined {
  return target instanceof Element ? ((target.closest('a[href]') as HTMLAnchorElement | null) ?? undefined) : undefined;
}
