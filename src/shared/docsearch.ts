/**
 * DocSearch's record shape where the build (records, the Typesense upload) and the browser (hits, hosted providers)
 * both need it. Kept apart from search.ts so a hosted provider's chunk does not pull in the embedded index's code.
 */

/** The levels of a record's `hierarchy`: lvl0 (the section) and lvl1 (the page title) to lvl6 (its headings). */
export const HIERARCHY_LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type HierarchyLevel = (typeof HIERARCHY_LEVELS)[number];

/** The parts of a URL typesenseNode reads (a `URL`; this side has neither the DOM's nor Node's types). */
interface NodeUrl {
  readonly protocol: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
}

/** A Typesense node as its client takes it, from the node's URL: `new URL('https://search.example.com:443')`. */
export function typesenseNode(url: NodeUrl): { host: string; port: number; protocol: string; path: string } {
  return {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'http:' ? 80 : 443)),
    protocol: url.protocol.replace(':', ''),
    path: url.pathname.replace(/\/$/, ''),
  };
}
