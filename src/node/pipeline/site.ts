/** The site as the pipeline's stages hand it on: its outline (stages 1-4), and whole in memory (`wiki dev`). */
import type { Route } from '../../shared/paths.js';
import type {
  Backlink,
  CustomPageModel,
  DocPageModel,
  SidebarItem,
  SpecialPageModel,
  ThemeSettings,
} from '../../shared/types.js';
import type { CategoryMetadata } from '../notes/category.js';
import type { Note, NoteSummary, ParsedNote } from '../notes/note.js';
import type { NoteDates } from '../notes/gitDates.js';
import type { NoteParser } from '../notes/parseNotes.js';
import type { SidebarsConfig } from '../resolve/sidebarsFile.js';
import type { GraphFile } from '../resolve/graph.js';
import type { SiteTags } from '../resolve/tags.js';
import type { PageRenderer, SiteExtensions } from '../render/loadRenderer.js';
import type { SiteFile } from '../siteWriter.js';
import type { SiteBundles } from './bundles.js';
import type { ClientAssets } from './clientBundle.js';
import type { PageCarry } from './layoutKey.js';

/** The site before any note is rendered: stages 1-4 done, stage 5 (the bundles) under way. */
export interface SiteOutline {
  /** The notes with their Markdown, in page order (`summaries[i]` and `notePages[i]` are `notes[i]`'s). */
  readonly notes: Note[];
  readonly summaries: readonly NoteSummary[];
  /** The first of `sidebars`: what pages without a note (search, custom pages) boot with. */
  readonly sidebar: readonly SidebarItem[];
  /** Every sidebar by id (the folder sidebar alone, or a sidebars file's); a note's page shows the one listing it. */
  readonly sidebars: ReadonlyMap<string, readonly SidebarItem[]>;
  /** Page models without content (see withNoteContent). */
  readonly notePages: readonly DocPageModel[];
  /** Pages with no note behind them, rendered like notes' pages: generated-index categories, tags. */
  readonly generatedPages: readonly DocPageModel[];
  /** Every tag with its notes, and each note's tags. */
  readonly tags: SiteTags;
  /** When each note last changed (git, else the file's time), when the site shows dates or feeds. */
  readonly dates?: NoteDates;
  /** What lets note pages' hashes be carried over from the last build (an incremental `wiki build`: layoutKey.ts). */
  readonly carry?: PageCarry;
  /** The Atom and RSS feeds of the recently updated notes (none when the site has no feeds). */
  readonly feedFiles: readonly SiteFile[];
  /** The sidebars file, loaded once (`wiki dev` lays the sidebars out again from it). */
  readonly sidebarsConfig?: SidebarsConfig | undefined;
  /** The search and not-found pages (custom pages need the renderer: see completeSpecialPages). */
  readonly builtInPages: readonly SpecialPageModel[];
  /** The settings every page's theme renders with (navbar, footer, colour mode, translations). */
  readonly theme: ThemeSettings;
  /** The site's theme overrides and custom page files (both bundles are built with them). */
  readonly extensions: SiteExtensions;
  /** The Markdown renderer and link resolver for these routes. */
  readonly parser: NoteParser;
  readonly bundles: Promise<SiteBundles>;
  /** The static/ folder's files: absolute source -> site-relative path. */
  readonly staticCopies: ReadonlyMap<string, string>;
  /** The docs folder's files that are not notes (docs-relative): a link may lead to one. */
  readonly docsFiles: readonly string[];
  readonly draftIds: ReadonlySet<string>;
  /** `_category_` metadata by docs-relative folder (`wiki dev` lays the sidebar out again from it). */
  readonly categories: ReadonlyMap<string, CategoryMetadata>;
  /** The link graph file (config `graph`), written once per build; the graph code fetches it when opened. */
  readonly graph?: GraphFile;
  /** Each note's backlinks by route (config `backlinks`): `wiki dev` lays pages out again with them. */
  readonly backlinks?: ReadonlyMap<Route, readonly Backlink[]>;
}

/** The whole site, every note rendered, held in memory: what `wiki dev` serves. */
export interface SiteData extends Omit<SiteOutline, 'notes' | 'summaries' | 'bundles'> {
  readonly notes: readonly ParsedNote[];
  /** The search and not-found pages, and the site's custom pages: no note behind them. */
  readonly specialPages: readonly (SpecialPageModel | CustomPageModel)[];
  readonly client: ClientAssets;
  readonly renderer: PageRenderer;
  /** Docs-folder files that notes link: source path -> site-relative output path. */
  readonly assets: ReadonlyMap<string, string>;
  /** The search files (stylesheet and index): the index worker starts on the first call, later calls share it. */
  readonly searchFiles: () => Promise<SiteFile[]>;
}

/**
 * The site before its notes are parsed, once the outline and the bundles are ready: what `wiki dev` serves while it
 * parses every note (its first build). A note's page is made from that note alone, parsed when asked for.
 */
export interface SitePreview extends Pick<
  SiteData,
  | 'sidebar'
  | 'sidebars'
  | 'notePages'
  | 'generatedPages'
  | 'specialPages'
  | 'theme'
  | 'client'
  | 'renderer'
  | 'graph'
  | 'staticCopies'
  | 'feedFiles'
> {
  /** The page of `notePages[index]` with its note's content (the parse of every note renders it once: a cache). */
  readonly withContent: (index: number) => DocPageModel;
}
