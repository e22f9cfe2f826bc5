/**
 * Typo-tolerant search over page titles and headings: MiniSearch indexes them in the browser from index.json, which
 * takes milliseconds, rather than fetching a serialized MiniSearch index, which would be larger (bench/README.md).
 * The full-text index has no typo tolerance: this is what finds "Kubernetis". Terms are cut as the index cuts them
 * (`c#`, `node.js`) and stemmed (`batteries` is found by `battery`).
 */
import MiniSearch from 'minisearch';
import { type LocalIndexData, tokenize } from '../../../shared/search.js';
import { stemOf, stemPrefixOf } from './stem.js';
import { createHit, type DocSearchHit, highlightTerms, type HierarchyLevel, type PlainHierarchy } from '../hits.js';

export interface HeadingsSearch {
  /** Titles and headings that match the query, best first. */
  search(query: string): SectionMatch[];
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

/** A title or heading that matches the query: its section, how well it matches, and the words to mark. */
export interface SectionMatch {
  /** Page index, or -1 - heading index. */
  readonly section: number;
  readonly score: number;
  readonly terms: readonly string[];
}

/**
 * How much a title match is worth, by kind; `coverage` is the share of the title's words the query matches, so "ML"
 * ranks the page called "ML Libraries" above a long heading that mentions ML. Headings count HEADING_SHARE of a title.
 * Calibrated against the text scores of local.ts (at most TEXT_WEIGHT + PAGE_TEXT_WEIGHT): an exact word of the text
 * outranks a loose (prefix or typo) match of a title.
 */
const TITLE_SCORES = {
  equal: () => 10,
  exact: (coverage: number) => 2 + 6 * coverage,
  prefix: (coverage: number) => 1 + 3 * coverage,
  fuzzy: (coverage: number) => 0.5 + 1.5 * coverage,
} as const;
const HEADING_SHARE = 0.6;

type MatchKind = keyof typeof TITLE_SCORES;

export function createHeadingsSearch(data: LocalIndexData): HeadingsSearch {
  const pageCount = data.pages.length;
  const texts = [...data.pages.map((page) => page[0]), ...data.headings.map((heading) => heading[2])];
  const index = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'],
    tokenize: (text) => tokenize(text),
    processTerm: (term) => stemOf(term),
    searchOptions: {
      prefix: (term) => term.length > 1,
      combineWith: 'AND',
      fuzzy: (term) => (term.length > 3 ? 0.25 : false),
    },
  });
  index.addAll(texts.map((text, id) => ({ id, text })));
  return {
    search(query) {
      const queryTerms = [...new Set(tokenize(query))];
      if (queryTerms.length === 0) return [];
      const found = new Map<number, SectionMatch>();
      const add = (id: number, kind: MatchKind, coverage: number) => {
        const score = TITLE_SCORES[kind](coverage) * (id < pageCount ? 1 : HEADING_SHARE);
        const section = id < pageCount ? id : -1 - (id - pageCount);
        if ((found.get(section)?.score ?? -1) < score)
          found.set(section, { section, score, terms: [...queryTerms, ...queryTerms.map(stemPrefixOf)] });
      };
      for (const result of index.search(query)) {
        const id = result.id as number;
        add(id, ...classifyMatch(texts[id]!, queryTerms));
      }
      if (queryTerms.length === 1 && /^[a-z]{2,5}$/.test(queryTerms[0]!))
        texts.forEach((text, id) => initialsOf(text) === queryTerms[0] && add(id, 'equal', 1));
      return [...found.values()].sort((a, b) => b.score - a.score);
    },
  };
}

/** How a title's words match the query's terms (the worst term decides), and the share of its words matched. */
export function classifyMatch(text: string, queryTerms: readonly string[]): [MatchKind, number] {
  const words = [...new Set(tokenize(text).map(stemOf))];
  const matched = new Set<string>();
  let kind: MatchKind = 'exact';
  for (const term of queryTerms.map(stemOf)) {
    if (words.includes(term)) matched.add(term);
    else {
      const prefixed = words.find((word) => word.startsWith(term));
      if (prefixed !== undefined) matched.add(prefixed);
      kind = prefixed !== undefined && kind === 'exact' ? 'prefix' : 'fuzzy';
    }
  }
  const coverage = words.length === 0 ? 0 : Math.min(1, matched.size / words.length);
  return [kind === 'exact' && coverage === 1 ? 'equal' : kind, coverage];
}

/** The first letters of a title of two or more words ("Machine learning" -> "ml"), for queries that abbreviate it. */
function initialsOf(text: string): string {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length < 2 ? '' : words.map((word) => word[0]).join('');
}

/** A title or heading match as a hit (the section's path, the matched words marked). */
export function sectionHit(data: LocalIndexData, match: SectionMatch): DocSearchHit {
  const section = describeSection(data, match.section);
  return createHit({
    objectID: `section-${match.section}`,
    url: section.url,
    type: section.level,
    hierarchy: section.hierarchy,
    highlighted: { [section.level]: highlightTerms(section.text, match.terms) },
  });
}
