/** Contextual search (SPEC §5) and the facet-filter forms of the hosted engines. */
import type { FacetFilters, SearchRuntime } from '../../shared/search.js';

/**
 * The facet filters of a query: with contextual search on, the current locale and the docs version tags
 * (Docusaurus's `language:en` and `docusaurus_tag:default|docs-default-current`), then the configured ones.
 */
export function buildFacetFilters(
  runtime: Pick<SearchRuntime, 'contextualSearch' | 'locale' | 'docsTags' | 'facetFilters'>,
): FacetFilters {
  if (!runtime.contextualSearch) return runtime.facetFilters;
  const contextual: FacetFilters = [
    `language:${runtime.locale}`,
    runtime.docsTags.map((tag) => `docusaurus_tag:${tag}`),
  ];
  return [...contextual, ...runtime.facetFilters];
}

/**
 * Algolia facet filters -> Typesense `filter_by`: the outer list is AND, an inner list is OR
 * (`[["a:1","a:2"],"b:3"]` -> ``a:=[`1`,`2`] && b:=`3` ``). Values are backquoted so dashes and spaces are literal.
 */
export function toTypesenseFilter(facetFilters: FacetFilters): string {
  return facetFilters
    .map((filter) => orClause(typeof filter === 'string' ? [filter] : filter))
    .filter(Boolean)
    .join(' && ');
}

function orClause(filters: readonly string[]): string {
  const parsed = filters.map(parseFacet);
  const fields = new Set(parsed.map((facet) => facet.field));
  if (fields.size === 1) {
    const [field] = fields;
    const values = parsed.map((facet) => `\`${facet.value}\``);
    return `${field}:=${values.length === 1 ? values[0] : `[${values.join(',')}]`}`;
  }
  return `(${parsed.map((facet) => `${facet.field}:=\`${facet.value}\``).join(' || ')})`;
}

function parseFacet(filter: string): { field: string; value: string } {
  const colon = filter.indexOf(':');
  if (colon <= 0)
    throw new Error(`Facet filter "${filter}" has no "field:value" form. Write it as e.g. "language:en".`);
  return { field: filter.slice(0, colon), value: filter.slice(colon + 1) };
}
