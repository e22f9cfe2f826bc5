/** Loading a route's page data file (content HTML, toc, title, breadcrumbs, previous/next, head). */
import type { Route } from '../shared/paths.js';
import type { PageModel } from '../shared/types.js';
import type { RuntimeContext } from './context.js';

/** Error for a route that has no data file (a broken link): the same code as a missing module (SPEC §8). */
export interface PageDataNotFoundError extends Error {
  readonly code: 'MODULE_NOT_FOUND';
}

function notFound(message: string): PageDataNotFoundError {
  return Object.assign(new Error(message), { code: 'MODULE_NOT_FOUND' as const });
}

/**
 * The data of `route`, from `cache` when already loaded (or loading) unless `fresh`; rejects unless the answer is 200.
 * A failed load leaves the cache, so it can be retried.
 */
export function loadPageData(ctx: RuntimeContext, route: Route, fresh = false): Promise<PageModel> {
  const url = ctx.dataUrlOf(route);
  const cached = ctx.pageData.get(url);
  if (cached && !fresh) return cached;
  // Data files are served `no-cache`; one this page prefetched a moment ago is taken from the HTTP cache as it is.
  const cache = fresh ? 'no-cache' : ctx.prefetched.has(url) ? 'force-cache' : 'default';
  const loading = fetch(url, { credentials: 'include', cache }).then((response) => {
    if (response.status === 404) throw notFound(`Cannot find the page data of ${route} (${url}).`);
    if (response.status !== 200) throw new Error(`The page data of ${route} answered HTTP ${response.status}.`);
    return response.json() as Promise<PageModel>;
  });
  const memory = ctx.pageData;
  memory.set(url, loading);
  loading.catch(() => memory.delete(url));
  return loading;
}
