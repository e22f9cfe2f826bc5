/**
 * Typo-tolerant search over page titles and headings: MiniSearch indexes them in the browser from index.json, which
 * takes milliseconds, rather than fetching a serialized MiniSearch index, which would be larger (bench/README.md).
 * The full-text index has no typo tolerance: this is what finds "Kubernetis".
 */
import MiniSearch from 'minisearch';
import type { LocalIndexData } from '../../../shared/search.js';
import { createHit, type DocSearchHit, highlightTerms, type HierarchyLevel, type PlainHierarchy } from '../hits.js';

export interface HeadingsSearch {
  /** Hits for the query, best first: pages (type lvl1) and headings (lvl2..lvl6). */
  search(query: string): DocSearchHit[];
}

type SectionLevel = Exclude<HierarchyLevel, 'lvl0'>;

/** A section's place: its URL, hierarchy and level. `section` is a page index, or -1 - heading index. */
export function describeSection(
  data: LocalIndexData,
  section: number,
): { url: string; hierarchy: PlainHierarchy; level: SectionLevel; text: string } {
  if (section >= 0) {
    const [title, url, lvl0] = data.pages[section]!;
    return { url, hierarchy: { lvl0, lvl1: title }, level: 'lvl1', text: title };
  }
  const heading = data.headings[-1 - section]!;
  const [pageIndex, level, text, anchor] = heading;
  const [title, url, lvl0] = data.pages[pageIndex]!;
  const hierarchy: PlainHierarchy = { lvl0, lvl1: title };
  for (let parent = heading[4]; parent >= 0; parent = data.headings[parent]![4]) {
    const [, parentLevel, parentText] = data.headings[parent]!;
    hierarchy[`lvl${parentLevel}` as Exclude<HierarchyLevel, 'lvl0' | 'lvl1'>] = parentText;
  }
  const key = `lvl${level}` as Exclude<HierarchyLevel, 'lvl0' | 'lvl1'>;
  hierarchy[key] = text;
  return { url: `${url}#${anchor}`, hierarchy, level: key, text };
}

/** A heading's match must score at least this share of the best match to be listed (drops weak fuzzy matches). */
const MIN_RELATIVE_SCORE = 0.25;

export function createHeadingsSearch(data: LocalIndexData): HeadingsSearch {
  const pageCount = data.pages.length;
  const entries = [
    ...data.pages.map((page, id) => ({ id, text: page[0] })),
    ...data.headings.map((heading, i) => ({ id: pageCount + i, text: heading[2] })),
  ];
  const index = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'],
    searchOptions: { prefix: true, combineWith: 'AND', fuzzy: (term) => (term.length > 3 ? 0.25 : false) },
  });
  index.addAll(entries);
  return {
    search(query) {
      const results = index.search(query);
      const best = results[0]?.score ?? 0;
      return results
        .filter((result) => result.score >= best * MIN_RELATIVE_SCORE)
        .map((result) => {
          const id = result.id as number;
          const section = describeSection(data, id < pageCount ? id : -1 - (id - pageCount));
          return createHit({
            url: section.url,
            type: section.level,
            hierarchy: section.hierarchy,
            highlighted: { [section.level]: highlightTerms(section.text, result.terms) },
          });
        });
    },
  };
}
