import fs from 'node:fs';
import {
  DEFAULT_LOCALE,
  type LocaleSettings,
  type NavbarItem,
  type SidebarItem,
  type ThemeSettings,
} from '../../shared/types.js';
import { navbarItemTypes, type NavbarItemConfig, type SiteConfig } from '../config/schema.js';
import { ConfigError } from '../config/loadConfig.js';
import type { Note } from '../notes/note.js';
import { flattenSidebar } from './sidebar.js';
import { listSidebarIds } from './sidebarIds.js';

export interface ThemeSettingsInput {
  readonly config: SiteConfig;
  readonly configPath: string;
  readonly docs: readonly Omit<Note, 'body'>[];
  readonly draftIds: ReadonlySet<string>;
  readonly sidebar: readonly SidebarItem[];
  /** Every sidebar by id (a sidebars file's): a `docSidebar` item links to the first page of the one it names. */
  readonly sidebars?: ReadonlyMap<string, readonly SidebarItem[]>;
}

/** The config's visual settings with navbar items checked and doc links resolved to routes (SPEC §5). */
export function buildThemeSettings(input: ThemeSettingsInput): ThemeSettings {
  const { config } = input;
  const items = config.navbar.items
    .map((item, index) => resolveNavbarItem(item, `navbar.items.${index}`, input))
    .filter((item): item is NavbarItem => item !== undefined);
  const footer = config.footer && {
    style: config.footer.style,
    links:
      config.footer.links.length > 0 && 'items' in config.footer.links[0]!
        ? (config.footer.links as { title?: string; items: { label: string; to?: string; href?: string }[] }[])
        : [{ items: config.footer.links as { label: string; to?: string; href?: string }[] }],
    ...(config.footer.logo && { logo: config.footer.logo }),
    ...(config.footer.copyright && { copyright: config.footer.copyright }),
  };
  return {
    title: config.title,
    tagline: config.tagline,
    titleDelimiter: config.titleDelimiter,
    baseUrl: config.baseUrl,
    locale: resolveLocale(config),
    ...(config.favicon && {
      favicon: /^(https?:)?\/\//.test(config.favicon)
        ? config.favicon
        : `${config.baseUrl}${config.favicon.replace(/^\//, '')}`,
    }),
    navbar: {
      ...(config.navbar.title !== undefined && { title: config.navbar.title }),
      ...(config.navbar.logo && { logo: config.navbar.logo }),
      hideOnScroll: config.navbar.hideOnScroll,
      items,
    },
    ...(footer && { footer }),
    ...(config.announcementBar && { announcementBar: config.announcementBar }),
    colorMode: config.colorMode,
  };
}

/** The default locale's config with Docusaurus's defaults: its name in English, left-to-right, the locale code. */
export function resolveLocale(config: SiteConfig): LocaleSettings {
  const locale = config.i18n.defaultLocale;
  const given = config.i18n.localeConfigs[locale] ?? {};
  return {
    label: given.label ?? DEFAULT_LOCALE.label,
    direction: given.direction ?? DEFAULT_LOCALE.direction,
    htmlLang: given.htmlLang ?? locale,
  };
}

function resolveNavbarItem(item: NavbarItemConfig, field: string, input: ThemeSettingsInput): NavbarItem | undefined {
  const type = item.type ?? (item.items ? 'dropdown' : 'default');
  if (!(navbarItemTypes as readonly string[]).includes(type)) {
    throw new ConfigError(
      `No NavbarItem component found for type "${type}".\n    In ${input.configPath}, ${field}.type: use one of ${navbarItemTypes.map((t) => `"${t}"`).join(', ')}.`,
    );
  }
  const base = {
    type: type as NavbarItem['type'],
    position: item.position ?? 'left',
    ...(item.label !== undefined && { label: item.label }),
    ...(item.href !== undefined && { href: item.href }),
    ...(item.to !== undefined && { to: item.to }),
    ...(item.value !== undefined && { value: item.value }),
    ...(item.ariaLabel !== undefined && { ariaLabel: item.ariaLabel }),
  };
  if (type === 'doc') {
    const doc = input.docs.find((candidate) => candidate.id === item.docId);
    if (!doc && item.docId !== undefined && input.draftIds.has(item.docId)) return undefined; // drafts are skipped silently
    if (!doc)
      throw new ConfigError(
        `Couldn't find any doc with id "${item.docId ?? ''}" for the navbar item ${field}.\n    In ${input.configPath}, set ${field}.docId to an existing note id (its path without extension, e.g. "web/vite").`,
      );
    return { ...base, to: doc.route, label: item.label ?? doc.frontMatter.sidebar_label ?? doc.id };
  }
  if (type === 'docSidebar') {
    const sidebarId = checkSidebarId(item.sidebarId, field, input.configPath, input.sidebars);
    const first = flattenSidebar(input.sidebars?.get(sidebarId) ?? input.sidebar)[0];
    if (!first)
      throw new ConfigError(
        `The navbar item ${field} links to the sidebar "${sidebarId}", which has nothing to link to.\n    Add notes to the docs folder, or remove this item from ${input.configPath}.`,
      );
    return { ...base, to: first.href };
  }
  if ((type === 'docsVersion' || type === 'docsVersionDropdown') && item.to === undefined)
    return { ...base, to: versionMainDocRoute(input) };
  if (item.items)
    return {
      ...base,
      items: item.items
        .map((child, index) => resolveNavbarItem(child, `${field}.items.${index}`, input))
        .filter((child): child is NavbarItem => child !== undefined),
    };
  return base;
}

/**
 * The docs version's main doc, as Docusaurus picks it: the note at the version's path, else the sidebar's first page,
 * else the first note. The one version's dropdown links a page outside the docs there.
 */
function versionMainDocRoute({ config, docs, sidebar }: ThemeSettingsInput): string {
  const root = config.docs.routeBasePath.replace(/(.)\/$/, '$1');
  const atRoot = docs.find((doc) => doc.route === root || doc.route === `${root}/`);
  return atRoot?.route ?? flattenSidebar(sidebar)[0]?.href ?? docs[0]?.route ?? root;
}

/** The sidebar a `docSidebar` item names (the first one when it names none); an unknown id is a config error. */
function checkSidebarId(
  sidebarId: string | undefined,
  field: string,
  configPath: string,
  sidebars: ReadonlyMap<string, unknown> | undefined,
): string {
  const known = sidebars ? [...sidebars.keys()] : listSidebarIds();
  if (sidebarId === undefined) return known[0]!;
  if (known.includes(sidebarId)) return sidebarId;
  throw new ConfigError(
    `The navbar item ${field} links to the sidebar "${sidebarId}", which does not exist.\n    In ${locateInConfig(configPath, sidebarId)}, set ${field}.sidebarId to one of the site's sidebar ids: ${known.map((id) => `"${id}"`).join(', ')}.`,
  );
}

/** "wiki.config.ts:12" for the line that sets this sidebar id, or the file alone when it cannot be found. */
function locateInConfig(configPath: string, sidebarId: string): string {
  try {
    const lines = fs.readFileSync(configPath, 'utf8').split('\n');
    const index = lines.findIndex((line) => line.includes('sidebarId') && line.includes(sidebarId));
    return index === -1 ? configPath : `${configPath}:${index + 1}`;
  } catch {
    return configPath;
  }
}
