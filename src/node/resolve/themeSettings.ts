import type { NavbarItem, SidebarItem, ThemeSettings } from '../../shared/types.js';
import { navbarItemTypes, type NavbarItemConfig, type SiteConfig } from '../config/schema.js';
import { ConfigError } from '../config/loadConfig.js';
import type { Note } from '../notes/note.js';
import { flattenSidebar } from './sidebar.js';

export interface ThemeSettingsInput {
  readonly config: SiteConfig;
  readonly configPath: string;
  readonly docs: readonly Omit<Note, 'body'>[];
  readonly draftIds: ReadonlySet<string>;
  readonly sidebar: readonly SidebarItem[];
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
    const first = flattenSidebar(input.sidebar)[0];
    if (!first)
      throw new ConfigError(
        `The navbar item ${field} links to the sidebar "${item.sidebarId ?? 'tutorialSidebar'}", which has nothing to link to.\n    Add notes to the docs folder, or remove this item from ${input.configPath}.`,
      );
    return { ...base, to: first.href };
  }
  if (item.items)
    return {
      ...base,
      items: item.items
        .map((child, index) => resolveNavbarItem(child, `${field}.items.${index}`, input))
        .filter((child): child is NavbarItem => child !== undefined),
    };
  return base;
}
