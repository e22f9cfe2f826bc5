import { z } from 'zod';
import { normaliseRouteBasePath } from '../notes/notePaths.js';

// One schema per concern; the site's config type is inferred from them (SPEC §3).

/** Docusaurus's docs plugin includes these by default: every Markdown and MDX file. */
export const defaultDocsInclude: readonly string[] = ['**/*.{md,mdx}'];
/** Docusaurus's docs plugin excludes these by default: partials (`_name.md`, `_folder/`) and tests. */
export const defaultDocsExclude: readonly string[] = [
  '**/_*.{js,jsx,ts,tsx,md,mdx}',
  '**/_*/**',
  '**/*.test.{js,jsx,ts,tsx}',
  '**/__tests__/**',
];
const severity = z.enum(['ignore', 'warn', 'throw']);

const logoSchema = z.strictObject({
  src: z.string(),
  srcDark: z.string().optional(),
  alt: z.string().optional(),
  href: z.string().optional(),
  target: z.string().optional(),
  width: z.union([z.number(), z.string()]).optional(),
  height: z.union([z.number(), z.string()]).optional(),
});

export const navbarItemTypes = [
  'default',
  'dropdown',
  'search',
  'html',
  'doc',
  'docSidebar',
  'docsVersion',
  'docsVersionDropdown',
  'localeDropdown',
] as const;

export interface NavbarItemConfig {
  type?: string;
  position?: 'left' | 'right';
  label?: string;
  to?: string;
  href?: string;
  value?: string;
  docId?: string;
  sidebarId?: string;
  ariaLabel?: string;
  items?: NavbarItemConfig[];
}

// The item type is checked after parsing so the error can say exactly what the reference says (SPEC §5).
const navbarItemSchema: z.ZodType<NavbarItemConfig> = z.lazy(() =>
  z.strictObject({
    type: z.string().optional(),
    position: z.enum(['left', 'right']).optional(),
    label: z.string().optional(),
    to: z.string().optional(),
    href: z.url().optional(),
    value: z.string().optional(),
    docId: z.string().optional(),
    sidebarId: z.string().optional(),
    ariaLabel: z.string().optional(),
    items: z.array(navbarItemSchema).optional(),
  }),
);

const footerLinkSchema = z.strictObject({ label: z.string(), to: z.string().optional(), href: z.url().optional() });
const footerColumnSchema = z.strictObject({ title: z.string().optional(), items: z.array(footerLinkSchema) });

const searchSchema = z.strictObject({
  provider: z.enum(['local', 'algolia', 'typesense']).default('local'),
  appId: z.string().default(''),
  apiKey: z.string().default(''),
  indexName: z.string().default(''),
  /** Typesense only: where the cluster answers, e.g. https://search.example.com:443. */
  host: z.string().default(''),
  searchPagePath: z.string().default('search'),
  contextualSearch: z.boolean().default(true),
  externalUrlRegex: z.string().optional(),
  replaceSearchResultPathname: z.strictObject({ from: z.string(), to: z.string() }).optional(),
  searchParameters: z
    .strictObject({ facetFilters: z.array(z.union([z.string(), z.array(z.string())])).optional() })
    .default({}),
  /** Where the no-results screen's 'Let us know.' points ({query} is replaced); default: a new issue on the editUrl's GitHub repository. */
  missingResultsUrl: z.string().optional(),
});

export const siteConfigSchema = z.strictObject({
  title: z.string().min(1),
  tagline: z.string().default(''),
  titleDelimiter: z.string().default('|'),
  url: z.url(),
  baseUrl: z
    .string()
    .regex(/^\/(?:.*\/)?$/, 'must start and end with "/" (e.g. "/" or "/wiki/")')
    .default('/'),
  trailingSlash: z.boolean().optional(),
  favicon: z.string().optional(),
  noIndex: z.boolean().default(false),
  docsDir: z.string().default('docs'),
  staticDir: z.string().default('static'),
  outDir: z.string().default('build'),
  editUrl: z.url().optional(),
  i18n: z
    .strictObject({
      defaultLocale: z.literal('en'),
      locales: z.array(z.literal('en')).length(1),
      localeConfigs: z
        .record(
          z.string(),
          z.strictObject({
            label: z.string().optional(),
            direction: z.enum(['ltr', 'rtl']).optional(),
            htmlLang: z.string().optional(),
            calendar: z.string().optional(),
            path: z.string().optional(),
          }),
        )
        .default({}),
    })
    .default({ defaultLocale: 'en', locales: ['en'], localeConfigs: {} }),
  navbar: z
    .strictObject({
      title: z.string().optional(),
      logo: logoSchema.optional(),
      hideOnScroll: z.boolean().default(false),
      items: z.array(navbarItemSchema).default([]),
    })
    .default({ hideOnScroll: false, items: [] }),
  footer: z
    .strictObject({
      style: z.enum(['light', 'dark']).default('light'),
      links: z.union([z.array(footerColumnSchema), z.array(footerLinkSchema)]).default([]),
      logo: logoSchema.optional(),
      copyright: z.string().optional(),
    })
    .optional(),
  announcementBar: z
    .strictObject({
      id: z.string().default('announcement-bar'),
      content: z.string(),
      backgroundColor: z.string().default('#fff'),
      textColor: z.string().default('#000'),
      isCloseable: z.boolean().default(true),
    })
    .optional(),
  colorMode: z
    .strictObject({
      defaultMode: z.enum(['light', 'dark']).default('light'),
      disableSwitch: z.boolean().default(false),
      respectPrefersColorScheme: z.boolean().default(false),
    })
    .default({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false }),
  analytics: z
    .strictObject({ trackingID: z.string().default(''), anonymizeIP: z.boolean().default(true) })
    .default({ trackingID: '', anonymizeIP: true }),
  search: searchSchema.default(searchSchema.parse({}, { jitless: true })),
  tableOfContents: z
    .strictObject({
      minHeadingLevel: z.number().int().min(2).max(6).default(2),
      maxHeadingLevel: z.number().int().min(2).max(6).default(3),
    })
    .refine(
      (toc) => toc.minHeadingLevel <= toc.maxHeadingLevel,
      'minHeadingLevel must not be greater than maxHeadingLevel',
    )
    .default({ minHeadingLevel: 2, maxHeadingLevel: 3 }),
  sidebarCollapsed: z.boolean().default(true),
  /** A "Linked from" section under each note: the notes that link to it, with the sentence around each link. */
  backlinks: z.boolean().default(true),
  /**
   * The link graph: a "Graph" button on each note (its neighbourhood) and the global graph page at /graph. Off unless
   * asked for: it adds a route, and a site moved from another tool keeps exactly its routes.
   */
  graph: z.boolean().default(false),
  /** The docs plugin's options, named as Docusaurus names them (a docusaurus.config.js maps onto these). */
  docs: z
    .strictObject({
      /** Where the notes are served: '/' (the site root) or e.g. '/docs/' ('docs' and '/docs' mean the same). */
      routeBasePath: z
        .string()
        .regex(/^[^?#\\]*$/, 'must be a URL path without "?", "#" or "\\" (e.g. "/" or "/docs/")')
        .refine((value) => !value.split('/').includes('..'), 'must not contain ".." (e.g. "/" or "/docs/")')
        .transform((value): string => normaliseRouteBasePath(value))
        .default('/'),
      /** Globs (relative to the docs folder) of the files that are notes. */
      include: z.array(z.string()).default([...defaultDocsInclude]),
      /** Globs of files that are never notes (partials, tests), Docusaurus's defaults. */
      exclude: z.array(z.string()).default([...defaultDocsExclude]),
      /** A hand-written sidebars.js|ts (relative to the config file); without it the sidebar comes from the folders. */
      sidebarPath: z.string().optional(),
      /** The tags file (tags.yml, relative to the docs folder), when tags must be declared there. */
      tags: z.string().optional(),
      /** Each note shows when it last changed: git's author date of its last commit, else its file's time. */
      showLastUpdateTime: z.boolean().default(false),
      /** Each note shows who last changed it: git's author of its last commit. */
      showLastUpdateAuthor: z.boolean().default(false),
      /** Atom (/atom.xml) and RSS (/rss.xml) feeds of the recently updated notes; default: on with showLastUpdateTime. */
      feeds: z.boolean().optional(),
      /** How many notes the "Recently updated" page (<routeBasePath>/recent) and the feeds list; 0: neither. */
      recent: z.number().int().min(0).default(50),
    })
    .default({
      routeBasePath: '/',
      include: [...defaultDocsInclude],
      exclude: [...defaultDocsExclude],
      showLastUpdateTime: false,
      showLastUpdateAuthor: false,
      recent: 50,
    }),
  /** rawHtml: 'allow' publishes notes' HTML as written (the notes are the owner's); 'sanitize' removes what runs. */
  markdown: z
    .strictObject({
      rawHtml: z.enum(['allow', 'sanitize']).default('allow'),
      /**
       * Which notes are MDX: 'detect' (.mdx files, and .md files that open with import/export: Docusaurus 2), 'mdx'
       * (every note: Docusaurus 3's default, which a docusaurus.config.js without the option gets), 'md' (none).
       */
      format: z.enum(['detect', 'mdx', 'md']).default('detect'),
      /**
       * Obsidian-flavoured Markdown's highlights, inline #tags and line breaks: 'auto' turns them on for a vault (a
       * `.obsidian/` folder in the docs folder or above it, or a [[wikilink]] that names a note). Wikilinks, embeds,
       * callouts and %%comments%% work on every site.
       */
      obsidian: z.union([z.literal('auto'), z.boolean()]).default('auto'),
      /** How [[wikilinks]] name notes: the shortest unique path (Obsidian's default), or paths relative or absolute. */
      wikilinks: z.enum(['shortest', 'relative', 'absolute']).default('shortest'),
      /** A single newline is a line break (Obsidian's default): true where `obsidian` is on, unless set. */
      breaks: z.boolean().optional(),
    })
    .default({ rawHtml: 'allow', format: 'detect', obsidian: 'auto', wikilinks: 'shortest' }),
  onBrokenLinks: severity.default('warn'),
  onBrokenAnchors: severity.default('warn'),
  onDuplicateRoutes: severity.default('warn'),
});

/** What a site author writes in wiki.config.ts (defaults optional). */
export type SiteConfigInput = z.input<typeof siteConfigSchema>;
/** The validated config with every default filled in. */
export type SiteConfig = z.output<typeof siteConfigSchema>;
