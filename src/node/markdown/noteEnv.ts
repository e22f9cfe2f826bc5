import type GithubSlugger from 'github-slugger';
import type { SourcePath } from '../../shared/paths.js';
import type { ObsidianMarkdown } from './obsidian/types.js';

export interface HeadingInfo {
  readonly id: string;
  readonly level: number;
  readonly text: string;
  /** Inner HTML without links, for the table of contents. */
  readonly html: string;
  readonly line: number;
  /** Whether the heading is the note's first block (a leading `# Title`). */
  readonly isFirstBlock: boolean;
}

/** What a link in a note points to, decided by the resolve stage's link resolver. */
export interface ResolvedLink {
  /** The href to write in the HTML. */
  readonly href: string;
  readonly external: boolean;
  /** Set when the target does not exist. */
  readonly broken?: string;
  /** A `#fragment` to check once every note's headings are known: route + anchor. */
  readonly anchor?: { readonly route: string; readonly id: string };
  /** A file of the docs folder to copy into the output. */
  readonly asset?: { readonly filePath: string; readonly outputPath: string };
  /** Set when the link works but deserves a warning (an ambiguous wikilink, a transclusion loop). */
  readonly warning?: string;
}

export type LinkResolver = (href: string, from: SourcePath) => ResolvedLink;

export interface LinkRecord {
  readonly target: string;
  readonly line: number;
  readonly resolved: ResolvedLink;
}

/** Per-note state that markdown-it plugins fill while rendering one note. */
export interface NoteEnv {
  readonly sourcePath: SourcePath;
  /** Lines before the Markdown body (front matter), so reported lines match the file. */
  readonly lineOffset: number;
  readonly slugger: GithubSlugger;
  readonly resolveLink: LinkResolver;
  readonly headings: HeadingInfo[];
  readonly links: LinkRecord[];
  /** The `id` and `name` attributes of the note's raw HTML: anchors besides the headings' that links may point to. */
  readonly htmlIds: string[];
  /** Obsidian-flavoured Markdown's wikilink index and settings; without it wikilinks stay text. */
  readonly obsidian?: ObsidianMarkdown | undefined;
  /** Set while a note is rendered inside another (`![[Note]]`): the notes being transcluded, outermost first. */
  readonly transclusion?: Transclusion;
  /** Inline `#tags` met in the note (Obsidian syntax), in order, without the `#`. */
  readonly inlineTags?: string[];
  /** Set when the note holds math (its page then loads KaTeX's stylesheet). */
  usesMath?: true;
  /** Set when the note holds a Mermaid diagram (its page then loads the diagram renderer). */
  usesMermaid?: true;
}

/** Where a transcluded note is rendered: the notes around it (a note met again is a loop) and the embed's place. */
export interface Transclusion {
  readonly stack: readonly SourcePath[];
  /** The note whose page is rendered, and the line of its outermost embed: a loop is reported there. */
  readonly root: NoteEnv;
  readonly line: number;
  /** That embed as written (`![[Note]]`). */
  readonly embed: string;
}
