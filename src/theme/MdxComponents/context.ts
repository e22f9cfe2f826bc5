/**
 * What the MDX components of one note need from the build: its headings, its category's cards, the site's settings and
 * the Markdown code block renderer. The build renders each MDX note inside `<MdxPageContext.Provider>`.
 */
import { createContext, useContext } from 'react';
import type { DocCardItem, TocItem } from '../../shared/types.js';

/** `useDocusaurusContext().siteConfig` as a note can read it. */
export interface MdxSiteConfig {
  readonly title: string;
  readonly tagline: string;
  readonly url: string;
  readonly baseUrl: string;
  readonly customFields: Readonly<Record<string, unknown>>;
}

export interface MdxPage {
  /** The note's headings (what `<TOCInline />` lists when given no `toc`). */
  readonly toc: readonly TocItem[];
  /** The cards of the note's sidebar category (what `<DocCardList />` lists when given no `items`). */
  readonly cards: readonly DocCardItem[];
  readonly baseUrl: string;
  readonly siteConfig: MdxSiteConfig;
  /** A fenced code block's HTML, as Markdown renders ```` ```info ````: `info` is `js title="x" {1,3}`. */
  renderCodeBlock(code: string, info: string): string;
  /** Inline Markdown to HTML (an admonition or tab title written as Markdown text); plain text when absent. */
  renderMarkdownInline?(markdown: string): string;
}

export const MdxPageContext = createContext<MdxPage | undefined>(undefined);

/** The page context; throws when a component renders outside the build's provider (an engine bug, not a note's). */
export function useMdxPage(component: string): MdxPage {
  const page = useContext(MdxPageContext);
  if (!page) {
    throw new Error(
      `<${component}> rendered without MdxPageContext: render MDX notes inside <MdxPageContext.Provider value={...}>.`,
    );
  }
  return page;
}
