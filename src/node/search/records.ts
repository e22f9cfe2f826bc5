/**
 * Search records in DocSearch's shape: one record per heading (type lvlN, content null) and one per chunk of the
 * text under it (type content), covering every note in full. The embedded index and the hosted engines share them.
 */
import type { HierarchyLevel } from '../../shared/docsearch.js';
import type { DocPageModel } from '../../shared/types.js';
import type { ParsedNote } from '../notes/note.js';
import { chunkParagraphs, htmlToInlineText, htmlToParagraphs } from './text.js';

export type RecordType = HierarchyLevel | 'content';

export interface Hierarchy {
  lvl0: string;
  lvl1: string;
  lvl2: string | null;
  lvl3: string | null;
  lvl4: string | null;
  lvl5: string | null;
  lvl6: string | null;
}

/** One DocSearch record (the fields DocSearch's modal and crawler use, plus the contextual-search facets). */
export interface SearchRecord {
  objectID: string;
  type: RecordType;
  hierarchy: Hierarchy;
  content: string | null;
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  /** Contextual search facets (SPEC §5): the locale and the docs version tag. */
  language: string;
  docusaurus_tag: string;
  /** DocSearch's ranking hints: heading level (higher first) and position in the page (lower first). */
  weight: { pageRank: number; level: number; position: number };
}

/** The parts of a parsed note that records are made from. */
export type RecordNote = Pick<ParsedNote, 'id' | 'route' | 'title' | 'html' | 'contentHasTitle'> & {
  readonly headings: ReadonlyArray<{ readonly id: string; readonly text: string }>;
};
export type RecordPage = Pick<DocPageModel, 'route' | 'breadcrumbs'>;

export interface BuildRecordsInput {
  /** Read once, in order (the index worker decodes each note's HTML only when its turn comes). */
  readonly docs: Iterable<RecordNote>;
  readonly pages: readonly RecordPage[];
  /** Prepended to routes: the base URL for the embedded index, origin + base URL for hosted engines. */
  readonly urlPrefix: string;
  /** Longest `content` of one record, in characters (default 1,500). */
  readonly maxContentLength?: number;
}

/** The facet values every record carries: the only locale and the only docs version (Docusaurus's names). */
export const SEARCH_LANGUAGE = 'en';
export const SEARCH_DOCS_TAG = 'docs-default-current';

const HEADING = /<h([1-6]) id="([^"]*)"[^>]*>([\s\S]*?)<\/h\1>/g;
const LEVEL_WEIGHT: Readonly<Record<RecordType, number>> = {
  lvl0: 100,
  lvl1: 90,
  lvl2: 80,
  lvl3: 70,
  lvl4: 60,
  lvl5: 50,
  lvl6: 40,
  content: 0,
};

interface Section {
  /** 1 for the page's own section (its title), 2..6 for headings. */
  readonly level: number;
  readonly anchor: string | null;
  readonly heading: string;
  readonly bodyHtml: string;
}

/** Every record of every note, in page order. */
export function buildSearchRecords(input: BuildRecordsInput): SearchRecord[] {
  return [...searchRecords(input)];
}

/** The records note by note, so a consumer can index them without holding them all. */
export function* searchRecords(input: BuildRecordsInput): Generator<SearchRecord> {
  const pagesByRoute = new Map(input.pages.map((page) => [page.route as string, page]));
  const maxLength = input.maxContentLength ?? 1500;
  for (const doc of input.docs)
    yield* buildDocRecords(doc, {
      lvl0: sectionLabel(pagesByRoute.get(doc.route)),
      urlPrefix: input.urlPrefix,
      maxLength,
    });
}

/** The group a page's hits are shown under: its top-level sidebar category, as DocSearch's lvl0. */
export function sectionLabel(page: RecordPage | undefined): string {
  const crumbs = page?.breadcrumbs ?? [];
  return crumbs.length > 1 ? crumbs[0]!.label : 'Docs';
}

function buildDocRecords(
  doc: RecordNote,
  options: { lvl0: string; urlPrefix: string; maxLength: number },
): SearchRecord[] {
  const pageUrl = `${options.urlPrefix.replace(/\/$/, '')}${doc.route}`;
  const hierarchy: Hierarchy = {
    lvl0: options.lvl0,
    lvl1: doc.title,
    lvl2: null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  };
  const records: SearchRecord[] = [];
  for (const section of splitSections(doc)) {
    setLevel(hierarchy, section.level, section.heading);
    const type = `lvl${section.level}` as RecordType;
    const url = section.anchor ? `${pageUrl}#${section.anchor}` : pageUrl;
    const base = {
      hierarchy: { ...hierarchy },
      url,
      url_without_anchor: pageUrl,
      anchor: section.anchor,
      language: SEARCH_LANGUAGE,
      docusaurus_tag: SEARCH_DOCS_TAG,
    };
    const id = `${doc.id}#${section.anchor ?? ''}`;
    records.push({
      ...base,
      objectID: id,
      type,
      content: null,
      weight: { pageRank: 0, level: LEVEL_WEIGHT[type], position: records.length },
    });
    chunkParagraphs(htmlToParagraphs(section.bodyHtml), options.maxLength).forEach((content, n) => {
      records.push({
        ...base,
        objectID: `${id}-${n}`,
        type: 'content',
        content,
        weight: { pageRank: 0, level: 0, position: records.length },
      });
    });
  }
  return records;
}

/**
 * The title a record shows: the note's first heading in full when the page title is a cut of it (the reference
 * site's title rule stops at `#`, so "# C#" makes a page titled "C"; a reader searching "C#" must find "C#").
 */
function recordTitle(pageTitle: string, headingText: string): string {
  return headingText.startsWith(`${pageTitle}#`) ? headingText : pageTitle;
}

/** Sets the level's heading and clears the levels below it. */
function setLevel(hierarchy: Hierarchy, level: number, heading: string): void {
  const keys = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
  for (let l = level; l <= 6; l++) {
    const key = keys[l - 1]!;
    if (l === level) hierarchy[key] = heading;
    else if (key !== 'lvl1') hierarchy[key] = null;
  }
}

/** Cuts a note's HTML at its headings; the text before the first heading belongs to the page title. */
export function splitSections(doc: Pick<RecordNote, 'html' | 'title' | 'headings' | 'contentHasTitle'>): Section[] {
  const textById = new Map(doc.headings.map((heading) => [heading.id, heading.text]));
  const sections: Section[] = [];
  let current = { level: 1, anchor: null as string | null, heading: doc.title, start: 0, headEnd: 0 };
  const close = (end: number) =>
    sections.push({
      level: current.level,
      anchor: current.anchor,
      heading: current.heading,
      bodyHtml: doc.html.slice(current.headEnd, end),
    });
  for (const match of doc.html.matchAll(HEADING)) {
    const level = Number(match[1]);
    const isTitle =
      level === 1 &&
      doc.contentHasTitle &&
      sections.length === 0 &&
      current.headEnd === 0 &&
      doc.html.slice(0, match.index).trim() === '';
    if (isTitle) {
      current = {
        ...current,
        heading: recordTitle(doc.title, htmlToInlineText(match[3]!)),
        headEnd: match.index + match[0].length,
      };
      continue;
    }
    close(match.index);
    const heading = textById.get(match[2]!)?.trim() || htmlToInlineText(match[3]!);
    current = {
      level: Math.max(level, 2),
      anchor: match[2]!,
      heading,
      start: match.index,
      headEnd: match.index + match[0].length,
    };
  }
  close(doc.html.length);
  return sections.filter((section, index) => index === 0 || section.heading !== '' || section.bodyHtml.trim() !== '');
}
