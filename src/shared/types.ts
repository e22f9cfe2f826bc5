import type { NoteId, Route } from './paths.js';

/** A heading of the table of contents (h2/h3 by default), collected while parsing. */
export interface TocItem {
  readonly id: string;
  /** Inner HTML of the heading, without its anchor link. */
  readonly html: string;
  readonly level: number;
}

/**
 * A sidebar entry. The whole tree is one shared object; the theme expands only the current page's branch. `more`
 * entries exist only in what a page or the browser holds of it (see pruneSidebar), never in the full tree.
 */
export type SidebarItem = SidebarLink | SidebarCategory | SidebarMore | SidebarHtml;

export interface SidebarLink {
  readonly type: 'link';
  readonly label: string;
  /** A note's route; for a sidebars file's `link` item, any URL (an external one opens in a new tab). */
  readonly href: Route;
  /** Absent for a sidebars file's `link` item: no note behind it, so neither breadcrumbs nor the pager list it. */
  readonly docId?: NoteId;
  /** Front matter `sidebar_class_name`, or a sidebars file item's `className`: set on the item's `<li>`. */
  readonly className?: string;
}

/** A sidebars file's `html` item: its markup shown as it is, in the sidebar only. */
export interface SidebarHtml {
  readonly type: 'html';
  readonly value: string;
  /** Whether the item gets the sidebar's link padding (Docusaurus's `defaultStyle`). */
  readonly defaultStyle?: boolean;
  readonly className?: string;
  /** Always '': an html item has no label (its text is in `value`). */
  readonly label: '';
  readonly href?: undefined;
}

export interface SidebarCategory {
  readonly type: 'category';
  readonly label: string;
  /** The index note's route when the folder has one. */
  readonly href?: Route;
  readonly collapsible: boolean;
  readonly collapsed: boolean;
  readonly items: readonly SidebarItem[];
  /** Set on a pruned tree (the HTML of a page) when `items` were left out: the browser loads them from the full tree. */
  readonly unloaded?: boolean;
  /** `_category_` `className`, or a sidebars file category's: set on the category's `<li>`. */
  readonly className?: string;
}

/**
 * The last entry of a list too long for every page to carry whole (more than SIDEBAR_WIDE_LIST items): it stands for
 * the items left out, and the theme shows it as "Show all N notes". Without JavaScript it links to `listing`, pages
 * listing every note of the list; with it, the browser loads the list's chunk files and shows every item in place.
 */
export interface SidebarMore {
  readonly type: 'more';
  /** The label of the category whose items these are ('' for the top level). */
  readonly label: string;
  /** Never set: a `more` entry is no page (its address without JavaScript is `listing`). */
  readonly href?: undefined;
  /** Which list: 'root' for the top level, else the full-tree indices of its category joined by '.' ("3.17"). */
  readonly list: string;
  /** How many items the list has in all. */
  readonly total: number;
  /** The items shown before this entry, as [start, end) ranges of the full list, in order ([] when none are). */
  readonly shown: readonly (readonly [number, number])[];
  /** The first page listing every note of the list (a plain HTML page among the sidebar files). */
  readonly listing: string;
}

export interface Breadcrumb {
  readonly label: string;
  readonly href?: Route;
}

export interface NavLink {
  readonly title: string;
  readonly href: Route;
}

export interface HeadTag {
  readonly tag: 'meta' | 'link';
  readonly attributes: Readonly<Record<string, string>>;
}

/** A card of a generated-index page or of `<DocCardList />`: a note or a category of the sidebar. */
export interface DocCardItem {
  readonly title: string;
  /** A route of the site (the theme adds the base URL) or an external URL. */
  readonly href: string;
  readonly description?: string;
  readonly kind: 'doc' | 'category';
  /** A category's number of items (the card says "N items" when it has no description). */
  readonly count?: number;
}

/** A tag of a note, linking to its tag page. */
export interface TagLink {
  readonly label: string;
  readonly href: Route;
}

/** Front matter `last_update`, as the page's footer shows it. */
export interface LastUpdate {
  /** ISO date, for `<time datetime>`. */
  readonly date?: string;
  /** The date as shown ("Jan 2, 2024"), formatted at build time so the browser's locale data cannot differ. */
  readonly dateText?: string;
  readonly author?: string;
}

/** A note that links to the page: its title, its route and the sentence around the link (plain text). */
export interface Backlink {
  readonly title: string;
  readonly href: Route;
  readonly context: string;
}

/** Everything the theme needs to render one note; computed at build time, rendered as-is. */
export interface DocPageModel {
  readonly kind: 'doc';
  readonly route: Route;
  readonly docId: NoteId;
  readonly title: string;
  /** The `<title>` text, e.g. "Rust | Everything I know". */
  readonly documentTitle: string;
  readonly description: string;
  readonly keywords: readonly string[];
  readonly contentHtml: string;
  /** Whether the content starts with its own `# heading` (then the theme prints no extra title). */
  readonly contentHasTitle: boolean;
  readonly hideTitle: boolean;
  readonly toc: readonly TocItem[];
  readonly hideTableOfContents: boolean;
  readonly breadcrumbs: readonly Breadcrumb[];
  readonly previous?: NavLink;
  readonly next?: NavLink;
  readonly editUrl?: string;
  readonly head: readonly HeadTag[];
  /**
   * The sidebar the page shows (the one that lists it: ids are a sidebars file's keys, `defaultSidebar` for the folder
   * sidebar); absent when no sidebar lists it (then it has no sidebar and no previous/next).
   */
  readonly sidebarId?: string;
  /** A generated-index page's cards (the page of a category, no note behind it). */
  readonly cards?: readonly DocCardItem[];
  readonly tags?: readonly TagLink[];
  readonly lastUpdate?: LastUpdate;
  /** The note's own table of contents levels (front matter `toc_min/max_heading_level`), when it sets them. */
  readonly tocLevels?: { readonly minHeadingLevel: number; readonly maxHeadingLevel: number };
  /** The notes that link to this one ("Linked from"), when some do and the site shows backlinks. */
  readonly backlinks?: readonly Backlink[];
}

/** The /search page, the /graph page and the not-found page: no note behind them. */
export interface SpecialPageModel {
  readonly kind: 'search' | 'graph' | 'notFound';
  readonly route: Route;
  readonly title: string;
  readonly documentTitle: string;
  readonly description: string;
  readonly head: readonly HeadTag[];
}

/** A page of the site's `pages/` folder: a React component rendered inside the layout (no note behind it). */
export interface CustomPageModel {
  readonly kind: 'custom';
  readonly route: Route;
  /** From the module's optional `title` export ('' when absent: the document title is then the site title). */
  readonly title: string;
  readonly documentTitle: string;
  /** From the module's optional `description` export. */
  readonly description: string;
  readonly head: readonly HeadTag[];
}

export type PageModel = DocPageModel | SpecialPageModel | CustomPageModel;

/**
 * What a navigation in the browser fetches for a note. The sidebar is not part of a page's data: it is one
 * site-wide tree, rendered around the page with `route` marking the current item.
 */
export type PageData = DocPageModel;

// ---- Site-wide settings the theme renders (validated from wiki.config.ts on the build side) ----

export interface NavbarLogo {
  readonly src: string;
  readonly srcDark?: string;
  readonly alt?: string;
  readonly href?: string;
  readonly target?: string;
  readonly width?: number | string;
  readonly height?: number | string;
}

export type NavbarItemType =
  | 'default'
  | 'dropdown'
  | 'search'
  | 'html'
  | 'doc'
  | 'docSidebar'
  | 'docsVersion'
  | 'docsVersionDropdown'
  | 'localeDropdown';

/** A navbar item after validation: doc items already carry the route they link to. */
export interface NavbarItem {
  readonly type: NavbarItemType;
  readonly position: 'left' | 'right';
  readonly label?: string;
  /** Internal route (already resolved for doc/docSidebar items). */
  readonly to?: string;
  /** External URL: opens in a new tab with rel="noopener noreferrer". */
  readonly href?: string;
  /** Raw HTML for `html` items. */
  readonly value?: string;
  readonly ariaLabel?: string;
  readonly items?: readonly NavbarItem[];
}

export interface FooterLinkItem {
  readonly label: string;
  readonly to?: string;
  readonly href?: string;
}

export interface FooterColumn {
  readonly title?: string;
  readonly items: readonly FooterLinkItem[];
}

/** How the site's one locale is named and written (SPEC §3 locale config). */
export interface LocaleSettings {
  /** The locale dropdown's label, e.g. "English". */
  readonly label: string;
  readonly direction: 'ltr' | 'rtl';
  /** `<html lang>` and the alternate links' hreflang, e.g. "en-GB". */
  readonly htmlLang: string;
}

/** The locale settings of a site that configures none. */
export const DEFAULT_LOCALE: LocaleSettings = { label: 'English', direction: 'ltr', htmlLang: 'en' };

export interface ThemeSettings {
  readonly title: string;
  readonly tagline: string;
  readonly titleDelimiter: string;
  readonly baseUrl: string;
  /** The locale's `i18n.localeConfigs` entry with Docusaurus's defaults filled in; absent: English, ltr, "en". */
  readonly locale?: LocaleSettings;
  /** Site-relative URL of the favicon, if any. */
  readonly favicon?: string;
  /** The global graph page's route, when the site has the graph (notes then show a "Graph" button). */
  readonly graphRoute?: Route;
  /** Overrides of theme strings by translation id, from the site's i18n/en/*.json. */
  readonly translations?: Readonly<Record<string, string>>;
  readonly navbar: {
    readonly title?: string;
    readonly logo?: NavbarLogo;
    readonly hideOnScroll: boolean;
    readonly items: readonly NavbarItem[];
  };
  readonly footer?: {
    readonly style: 'light' | 'dark';
    /** Columns with titles, or one flat list (a single column without title). */
    readonly links: readonly FooterColumn[];
    readonly logo?: NavbarLogo;
    readonly copyright?: string;
  };
  readonly announcementBar?: {
    readonly id: string;
    readonly content: string;
    readonly backgroundColor: string;
    readonly textColor: string;
    readonly isCloseable: boolean;
  };
  readonly colorMode: {
    readonly defaultMode: 'light' | 'dark';
    readonly disableSwitch: boolean;
    readonly respectPrefersColorScheme: boolean;
  };
}
