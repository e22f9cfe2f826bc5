import type { NoteId, Route, SourcePath } from '../../shared/paths.js';
import type { NoteContent } from '../markdown/renderNote.js';
import type { FrontMatter } from './frontMatter.js';

/** A note with its identity resolved: id, route, folder and front matter. */
export interface Note {
  readonly sourcePath: SourcePath;
  readonly filePath: string;
  readonly id: NoteId;
  readonly route: Route;
  /** Docs-relative folder, '.' at the root. */
  readonly dirName: string;
  readonly isIndex: boolean;
  readonly sidebarPosition?: number;
  readonly frontMatter: FrontMatter;
  readonly body: string;
  readonly lineOffset: number;
  /** Where the body starts in the file's text, for a note read from a file: the body can be read again from there. */
  readonly bodyStart?: number;
  /** Set when the body was let go (`body` is then empty) to be read again when needed (noteBodies.ts). */
  readonly released?: ReleasedBody;
}

/** What is kept of a note's body once it is let go (it is read again from `bodyStart` in its file). */
export interface ReleasedBody {
  readonly length: number;
  /** noteSourceHash of the note as the outline read it. */
  readonly sourceHash: string;
  /**
   * Whether the body has a wikilink outside code (`[[...]]`: one that may name a note), and a `![[` anywhere (an
   * embed): the wikilink index reads only those again.
   */
  readonly wikilinks: boolean;
  readonly embeds: boolean;
  /** Its Obsidian inline `#tags`, when the build that let it go had Obsidian's syntax on. */
  readonly inlineTags?: readonly string[];
}

/**
 * What the last `wiki build` read of a note whose file has the same stamp (size, times, inode) now: the scan does not
 * read it again, and its body is read only where a stage's cache misses (noteBodies.ts withBody).
 */
export interface KnownNote {
  readonly frontMatter: FrontMatter;
  readonly lineOffset: number;
  readonly bodyStart: number;
  readonly released: ReleasedBody;
}

/**
 * What the sidebar, the page models and the navbar need of a note: its title and description, read from the front
 * matter and the start of the body without rendering it, so `wiki build` can render each note only when its page is.
 */
export interface NoteSummary extends Omit<Note, 'body'> {
  readonly title: string;
  /** Whether the body opens with its own `# heading`. */
  readonly contentHasTitle: boolean;
  readonly description: string;
}

/** A note's rendered Markdown (made by renderNote). */
export type { NoteContent };

/** A note after its Markdown was rendered (its Markdown source is dropped: the HTML is what later stages use). */
export interface ParsedNote extends NoteSummary, NoteContent {}
