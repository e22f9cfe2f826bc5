/**
 * What a site's config decides for the server that previews it (`wiki serve`, `npm start`, `wiki dev`): the path it
 * lives at, and the Content-Security-Policy, which admits exactly the third-party origins the configured analytics and
 * search provider call, and nothing else (SPEC §7). A site without them keeps the same-origin policy.
 */
import type { SiteConfig } from '../config/schema.js';
import { defaultContentSecurityPolicy } from './headers.js';

/** The config fields the policy and the base path come from. */
export type SitePolicyConfig = Pick<SiteConfig, 'baseUrl' | 'analytics' | 'search'>;

/** How one site is served: under which path, with which policy (pages add their inline script hashes to it). */
export interface ServedSite {
  /** Where the site lives, as the config's baseUrl ("/" or "/wiki/"). */
  readonly baseUrl: string;
  readonly contentSecurityPolicy: string;
}

/** A site served at the root with the same-origin policy: a built folder whose config is not known. */
export const rootSite: ServedSite = { baseUrl: '/', contentSecurityPolicy: defaultContentSecurityPolicy };

/** The extra sources of each directive, by directive name. */
type ExtraSources = Partial<Record<'script-src' | 'connect-src', readonly string[]>>;

/**
 * gtag.js, per Google's guidance for Google Analytics 4 with a CSP (without Google Signals, which the engine does not
 * turn on): the tag from *.googletagmanager.com, its hits posted to the regional *.google-analytics.com and
 * *.analytics.google.com endpoints. Its images are already allowed (img-src admits any https: image).
 */
const analyticsSources: ExtraSources = {
  'script-src': ['https://*.googletagmanager.com'],
  'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};

/** The origin of a configured host URL; undefined when it is not an http(s) URL (the config check reports that). */
function originOf(host: string): string | undefined {
  try {
    const url = new URL(host);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The origins the search provider's browser client asks: Algolia's read hosts (or a configured proxy), Typesense's node. */
export function searchOrigins(search: SiteConfig['search']): string[] {
  if (search.provider === 'local') return [];
  const configured = search.host ? originOf(search.host) : undefined;
  if (configured) return [configured];
  if (search.provider === 'typesense' || !search.appId) return [];
  // algoliasearch/lite's read hosts: the DSN first, then the three fallbacks it retries on.
  const appId = search.appId.toLowerCase();
  return [`https://${appId}-dsn.algolia.net`, ...[1, 2, 3].map((n) => `https://${appId}-${n}.algolianet.com`)];
}

/** The third-party sources the config's analytics and search need, by directive. */
export function thirdPartySources(config: SitePolicyConfig): ExtraSources {
  const analytics = config.analytics.trackingID ? analyticsSources : {};
  const search = searchOrigins(config.search);
  return {
    'script-src': [...(analytics['script-src'] ?? [])],
    'connect-src': [...(analytics['connect-src'] ?? []), ...search],
  };
}

/** The default policy with each directive widened by the sources the config needs. */
export function buildContentSecurityPolicy(config: SitePolicyConfig): string {
  const extra = thirdPartySources(config);
  return defaultContentSecurityPolicy
    .split('; ')
    .map((directive) => {
      const name = directive.split(' ')[0] as keyof ExtraSources;
      const sources = extra[name] ?? [];
      return sources.length > 0 ? `${directive} ${sources.join(' ')}` : directive;
    })
    .join('; ');
}

/** How a site with this config is served. */
export function servedSiteOf(config: SitePolicyConfig): ServedSite {
  return { baseUrl: config.baseUrl, contentSecurityPolicy: buildContentSecurityPolicy(config) };
}
