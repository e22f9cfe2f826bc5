import type { SourcePath } from '../../../shared/paths.js';

/** What a wikilink's target (`[[target#fragment|alias]]`, the target part) names. */
export type WikilinkResolution =
  | {
      /** The docs-relative path of the note or file it names. */
      readonly sourcePath: SourcePath;
      readonly isNote: boolean;
      /** Every match, by path, when the name matched more than one (the first is taken, as Obsidian does). */
      readonly candidates?: readonly string[];
    }
  | { readonly missing: string };

/** A transcluded note's Markdown, kept by the resolve stage for the notes that embed it. */
export interface TranscludedSource {
  readonly body: string;
  readonly lineOffset: number;
}

/** One build's Obsidian-flavoured Markdown: the settings and the name index notes' wikilinks resolve against. */
export interface ObsidianMarkdown {
  /** `markdown.obsidian`, 'auto' decided: turns on highlights, inline tags (and line breaks by default). */
  readonly enabled: boolean;
  /** `markdown.breaks`, defaulted: a single newline is a line break. */
  readonly breaks: boolean;
  /** The note or file a wikilink's target names, from the note `from`. */
  resolve(target: string, from: SourcePath): WikilinkResolution;
  /** The Markdown of a note that some note embeds (`![[Note]]`); undefined for any other. */
  transcludedSource(sourcePath: SourcePath): TranscludedSource | undefined;
  /** The route of a tag's page (`#tag` links there). */
  tagRoute(tag: string): string;
}
