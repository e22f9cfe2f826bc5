/** Result URLs as links on this site: same-site absolute URLs become paths, with the configured rewrites. */
import type { SearchRuntime } from '../../shared/search.js';

/**
 * Keeps URLs matching `externalUrlRegex` as they are; otherwise drops the origin (hosted records hold absolute
 * URLs) and applies `replaceSearchResultPathname` to the path, as Docusaurus does.
 */
export function toSiteUrl(
  url: string,
  runtime: Pick<SearchRuntime, 'externalUrlRegex' | 'replaceSearchResultPathname'>,
  origin: string,
): string {
  if (runtime.externalUrlRegex && new RegExp(runtime.externalUrlRegex).test(url)) return url;
  const parsed = new URL(url, origin);
  const replace = runtime.replaceSearchResultPathname;
  const pathname = replace ? parsed.pathname.replace(new RegExp(replace.from), replace.to) : parsed.pathname;
  return `${pathname}${parsed.search}${parsed.hash}`;
}
