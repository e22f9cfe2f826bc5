/**
 * A light English stemmer for queries: plural endings only (batteries -> battery, boxes -> box, networks -> network),
 * so a query finds the other number of a word without the false friends a full stemmer brings (news -> new).
 */

/** The word without its plural ending; other words as they are. */
export function stemOf(term: string): string {
  if (term.length < 4 || !/^[a-z]+$/.test(term)) return term;
  if (term.endsWith('ies') && term.length > 4) return `${term.slice(0, -3)}y`;
  if (/(?:ss|x|z|ch|sh)es$/.test(term)) return term.slice(0, -2);
  if (term.endsWith('s') && !/(?:ss|us|is|ous)$/.test(term)) return term.slice(0, -1);
  return term;
}

/** The start every word with this stem shares (`battery` and `batteries` both start with `batter`). */
export function stemPrefixOf(term: string): string {
  const stem = stemOf(term);
  return stem.endsWith('y') && stem.length > 3 ? stem.slice(0, -1) : stem;
}
